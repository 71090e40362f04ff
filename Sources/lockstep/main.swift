import Foundation
import LockstepCLI

exit(await LockstepCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .process()))
