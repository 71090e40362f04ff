import SwiftParser
import SwiftSyntax

extension Manifest {
    /// How many `Package(...)` initializer calls the manifest makes. More than one (`let package` declared in
    /// several `#if` branches) means a rewrite cannot know which one SwiftPM will evaluate.
    public var packageDeclarationCount: Int {
        let counter = PackageCallCounter(viewMode: .sourceAccurate)
        counter.walk(Parser.parse(source: text))
        return counter.count
    }
}

private final class PackageCallCounter: SyntaxVisitor {
    var count = 0
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `Package(`, `PackageDescription.Package(`, `Package.init(` …
        let called = String(node.calledExpression.trimmedDescription.filter { !$0.isWhitespace })
        if ["Package", "PackageDescription.Package", "Package.init", "PackageDescription.Package.init"].contains(called) { count += 1 }
        return .visitChildren
    }
}
