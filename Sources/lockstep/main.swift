import LockstepCLI

await LockstepCommand.mainExitingWithSpecCodes()
