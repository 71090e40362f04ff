import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Not yet available.")
    func run() throws { throw CommandFailure(code: 2, message: "error: `lockstep check` is not available yet") }
}
