import ArgumentParser

struct IntegrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "integrate", abstract: "Not yet available.")
    func run() throws { throw CommandFailure(code: 2, message: "error: `lockstep integrate` is not available yet") }
}
