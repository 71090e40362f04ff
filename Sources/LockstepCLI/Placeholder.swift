public enum LockstepCommand { public static func main() {} }
