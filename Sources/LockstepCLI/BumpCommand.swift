import ArgumentParser

struct BumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bump", abstract: "Not yet available.")
    func run() throws { throw CommandFailure(code: 2, message: "error: `lockstep bump` is not available yet") }
}
