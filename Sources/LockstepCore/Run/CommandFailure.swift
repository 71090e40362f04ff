/// A run ended with a specific exit code (SPEC.md: 1 a check, build or refusal; 2 usage, configuration or an
/// unreadable repo) and the message to print on stderr. Core's pipelines throw it when the exit code is theirs to
/// decide; the CLI prints it and exits with `code`.
public struct CommandFailure: Error, Sendable {
    public var code: Int32
    public var message: String
    /// The command already printed its JSON document (which says what failed): the message goes to stderr only.
    public var reported: Bool

    public init(code: Int32, message: String = "", reported: Bool = false) {
        self.code = code
        self.message = message
        self.reported = reported
    }
}
