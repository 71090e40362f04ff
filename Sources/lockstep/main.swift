import LockstepCLI
LockstepCommand.main()
