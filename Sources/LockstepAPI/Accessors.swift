import SwiftSyntax

/// What clients may do with a property or subscript: read it (with which effects) and write it.
struct Accessors {
    /// The getter with its modifiers and effects, e.g. `mutating get async throws`.
    var getter = "get"
    /// The setter with its modifier (`set`, `nonmutating set`), nil when clients cannot assign.
    var setter: String?

    /// `{ get }` or `{ get set }`: the protocol-requirement form, used for every property and
    /// subscript so that stored and computed storage read alike.
    var text: String {
        guard let setter else { return "{ \(getter) }" }
        return "{ \(getter) \(setter) }"
    }

    /// Reads an accessor block; `storedIsSettable` says whether storage without accessors (or
    /// with observers only) can be assigned, i.e. whether it is a `var`.
    init(block: AccessorBlockSyntax?, storedIsSettable: Bool) {
        let stored: String? = storedIsSettable ? "set" : nil
        guard let block else {
            setter = stored
            return
        }
        guard case .accessors(let list) = block.accessors else { return }  // a bare getter body
        for accessor in list {
            switch accessor.accessorSpecifier.text {
            case "get", "_read", "read", "unsafeAddress":
                getter = Self.describe(accessor, as: "get")
            case "set", "_modify", "modify", "unsafeMutableAddress":
                // Several spellings may coexist (`get set _modify`); a modifier on any wins.
                let described = Self.describe(accessor, as: "set")
                if setter == nil || setter == "set" { setter = described }
            case "willSet", "didSet":
                // Observers sit on stored storage, which stays assignable.
                if setter == nil { setter = stored }
            default:
                continue
            }
        }
    }

    /// Removes the setter, for `public private(set) var` and friends.
    mutating func dropSetter() { setter = nil }

    private static func describe(_ accessor: AccessorDeclSyntax, as name: String) -> String {
        var text = ""
        // `__consuming get` only says how the getter takes `self` inside the module; a client reads it as before.
        if let modifier = accessor.modifier, modifier.name.text != "__consuming" {
            text.append(NormalizedText.of(modifier))
            text.append(" ")
        }
        text.append(name)
        if let effects = accessor.effectSpecifiers {
            text.append(" ")
            text.append(NormalizedText.of(effects))
        }
        return text
    }
}
