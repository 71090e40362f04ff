import ArgumentParser
import Foundation
import LockstepCore

/// `lockstep baseline`: accept the workspace's current findings as history, in lockstep-baseline.yml.
struct BaselineCommand: ParsableCommand, ConsoleCommand, JSONReporting, OutputConfigurable {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record the current findings as accepted history in lockstep-baseline.yml, so check starts green.",
        discussion: """
            Runs every rule on the whole workspace and writes each error and warning that no `accept:` entry or tag \
            annotation accepts into lockstep-baseline.yml next to lockstep.yml (sorted; a rerun with nothing new \
            changes no byte; entries already there keep their reason), with each component's newest version. \
            Afterwards `check` exits 0 on the same workspace; findings about later versions, and new findings, \
            still count. Review the file and commit it.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var options: WorkspaceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: text (for people) or json (docs/json/baseline.md).")
    var format: Format = .text

    @Option(help: "Why this history is accepted (recorded with each new entry).")
    var reason: String?

    @Flag(help: "Print the file instead of writing it.")
    var dryRun = false

    func validate() throws {
        if let reason, reason.allSatisfy(\.isWhitespace) {
            throw ValidationError("--reason must say why the findings are accepted")
        }
    }

    var jsonCommand: String? { format == .json ? "baseline" : nil }

    func run(console: Console) async throws {
        let snapshot = try console.timed("read the workspace") { try options.loadSnapshot(console) }
        let config = snapshot.config
        let file = Baseline.file(in: config.root)
        var previous: Baseline?
        do {
            previous = try Baseline.load(for: config)
        } catch let error as ConfigError {
            // The file is about to be replaced: a broken one must not stop its own regeneration.
            console.error(
                "warning: replacing \(Baseline.fileName), which is not valid (\(error)); its reasons are lost")
        }
        let raw = try console.withProgress(.releases) { progress in
            let context = RuleContext(snapshot: snapshot)
            context.progress = progress
            return try Rules.run(Rules.all, on: context)
        }
        let reviewed = FindingReview.apply(raw, config: config, baseline: nil)
        let baseline = Baseline.recording(reviewed, snapshot: snapshot, previous: previous, reason: reason)
        let text = baseline.text
        let added = baseline.findings.filter { entry in
            previous?.findings.contains { $0.fingerprint == entry.fingerprint } != true
        }.count
        let dropped = (previous?.findings.count ?? 0) - (baseline.findings.count - added)
        func report(written: Bool) throws {
            let json = BaselineJSON(
                file: file.path, written: written, dryRun: dryRun, findings: baseline.findings.count,
                components: baseline.components.count, added: added, dropped: dropped,
                text: dryRun ? text : nil)
            console.line(try JSONText.document("baseline", json))
        }
        if dryRun {
            if format == .json { try report(written: false) } else { console.line(String(text.dropLast())) }
            return
        }
        let old = try? String(contentsOf: file, encoding: .utf8)
        guard old != text else {
            if format == .json { return try report(written: false) }
            console.line(
                "\(Baseline.fileName) is up to date: \(baseline.findings.count) accepted finding(s), nothing new.")
            return
        }
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw WorkspaceError(
                "cannot write \(file.path): \(FileErrorText.reason(error)); check that the workspace folder is writable"
            )
        }
        if format == .json { return try report(written: true) }
        console.line(
            """
            Wrote \(Baseline.fileName): \(baseline.findings.count) accepted finding(s) over \
            \(baseline.components.count) component(s) (\(added) new, \(dropped) no longer found). `lockstep \
            check` now counts only what comes after; review and commit the file.
            """
        )
    }
}

/// `baseline --format json` (docs/json/baseline.md).
struct BaselineJSON: Codable {
    /// The baseline file's path.
    var file: String
    /// Whether this run wrote it (false: a dry run, or nothing new).
    var written: Bool
    var dryRun: Bool
    /// Accepted findings and components in the file as it is now.
    var findings: Int
    var components: Int
    /// Entries new in this run, and earlier entries no longer found.
    var added: Int
    var dropped: Int
    /// The file's text, with `--dry-run`.
    var text: String?
}
