import ArgumentParser

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "diff", abstract: "Not yet available.")
    func run() throws { throw CommandFailure(code: 2, message: "error: `lockstep diff` is not available yet") }
}
