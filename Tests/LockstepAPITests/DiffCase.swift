import LockstepAPI

/// One row of the diff table: two versions of a component's sources and what the diff must say.
struct DiffCase {
    let name: String
    let old: [SourceFile]
    let new: [SourceFile]
    /// `"<kind> <key>"` for each expected change, e.g. `"added func CartService.clear()"`.
    let expected: [String]
    let impact: APIImpact

    /// A case with one file on each side.
    init(_ name: String, old: String, new: String, _ expected: [String], _ impact: APIImpact) {
        self.init(
            name, oldFiles: [SourceFile(path: "Sources/A.swift", text: old)],
            newFiles: [SourceFile(path: "Sources/A.swift", text: new)], expected, impact)
    }

    /// A case with several files per side.
    init(_ name: String, oldFiles: [SourceFile], newFiles: [SourceFile], _ expected: [String], _ impact: APIImpact) {
        self.name = name
        self.old = oldFiles
        self.new = newFiles
        self.expected = expected
        self.impact = impact
    }

    /// Every row: protocols first, then types and members, then the edits that must not count.
    static var all: [DiffCase] {
        protocolCases + callableCases + typeCases + propertyCases + silentCases + spellingCases + wideningCases
            + modelCases + modelLimitCases + concurrencyCases + genericAliasCases
            + standardShimCases + standardAliasCases + witnessCases + protocolAliasCases
    }
}
