extension ImplementationFacts {
    /// What an Objective-C header or implementation file says (rule LS205): `<P>` in every `@interface` — a class,
    /// a category, a class extension `@interface X () <P>` in a `.m` —, the methods and properties those declare,
    /// and the methods each `@implementation` defines (`@synthesize`/`@dynamic` count for the property).
    public static func objc(_ source: SourceFile, platform: String) -> ImplementationFacts {
        var preprocessor = ObjCPreprocessor(platform: platform)
        let (lines, _, _) = preprocessor.run(source.text, file: source.path)
        let aliases = preprocessor.aliases
        var parser = ObjCHeaderParser(file: source.path, platform: platform, lines: lines, aliases: aliases)
        parser.parse()
        var facts = ImplementationFacts()
        for declaration in parser.declarations {
            switch declaration.kind {
            case .conformance where !declaration.inProtocol:
                guard let owner = declaration.owner, let proto = declaration.key.split(separator: " ").last
                else { continue }
                facts.adoptions.append(
                    Adoption(
                        type: owner, proto: String(proto), file: source.path,
                        line: declaration.line, isObjC: true))
            case .conformance:
                guard let owner = declaration.owner, let proto = declaration.key.split(separator: " ").last
                else { continue }
                facts.refinements[owner, default: []].insert(String(proto))
            case .class:
                if let superclass = declaration.detail, let name = declaration.key.split(separator: " ").last {
                    facts.superclasses[String(name)] = superclass
                }
            case .method, .property:
                guard !declaration.inProtocol, let owner = declaration.owner,
                    let member = memberName(declaration.key)
                else { continue }
                facts.members[owner, default: []].insert(member)
            default:
                continue
            }
        }
        var scan = ObjCHeaderParser(file: source.path, platform: platform, lines: lines, aliases: aliases)
        for (owner, member) in scan.implementedMembers() {
            facts.members[owner, default: []].insert(member)
        }
        return facts
    }

    /// `-[X a:b:]` → `-a:b:`, `@property X.name` → `@name`, `@property (class) X.name` → `@@name`.
    public static func memberName(_ key: String) -> String? {
        if key.hasPrefix("-[") || key.hasPrefix("+["), let space = key.firstIndex(of: " ") {
            return String(key.prefix(1)) + key[key.index(after: space)...].dropLast()
        }
        if key.hasPrefix("@property"), let dot = key.lastIndex(of: ".") {
            return (key.hasPrefix("@property (class)") ? "@@" : "@") + key[key.index(after: dot)...]
        }
        return nil
    }

    /// Whether `members` satisfy a requirement named as `memberName` names it: a method by its definition or by a
    /// property whose getter or setter it is; a property by a declaration or a getter.
    public static func satisfies(_ members: Set<String>, _ requirement: String) -> Bool {
        if members.contains(requirement) { return true }
        if requirement.hasPrefix("@@") { return members.contains("+" + requirement.dropFirst(2)) }
        if requirement.hasPrefix("@") { return members.contains("-" + requirement.dropFirst()) }
        let marker = requirement.prefix(1)
        let selector = requirement.dropFirst()
        let property = marker == "+" ? "@@" : "@"
        if !selector.contains(":") { return members.contains(property + selector) }
        if selector.hasPrefix("set"), selector.hasSuffix(":"), selector.filter({ $0 == ":" }).count == 1 {
            let name = selector.dropFirst(3).dropLast()
            guard let first = name.first else { return false }
            return members.contains(property + first.lowercased() + name.dropFirst())
        }
        return false
    }
}

extension ObjCHeaderParser {
    /// The methods `@implementation X` and `@implementation X (Category)` define, and the properties they
    /// `@synthesize` or `@dynamic`, as (class, member) with members named as `ImplementationFacts.memberName`.
    mutating func implementedMembers() -> [(owner: String, member: String)] {
        var found: [(owner: String, member: String)] = []
        index = 0
        while let word = peek {
            guard word == "@implementation" else { index += 1; continue }
            index += 1
            guard let owner = peek, Self.isIdentifier(owner) else { continue }
            index += 1
            if peek == "(" { _ = balanced() }
            if peek == ":" { index += 2 }
            if peek == "{" { _ = skipBraces() }
            body: while let word = peek {
                switch word {
                case "@end":
                    index += 1
                    break body
                case "-", "+":
                    if let method = parseMethod(owner: owner, inProtocol: false, optional: false),
                        let member = ImplementationFacts.memberName(method.key)
                    {
                        found.append((owner, member))
                    }
                case "@synthesize", "@dynamic":
                    index += 1
                    while let name = peek, name != ";", name != "@end" {
                        if Self.isIdentifier(name), index > 0, tokens[index - 1].text != "=" {
                            found.append((owner, "@" + name))
                        }
                        index += 1
                    }
                case "{":
                    _ = skipBraces()
                case "@implementation", "@interface":
                    break body
                default:
                    index += 1
                }
            }
        }
        return found
    }
}
