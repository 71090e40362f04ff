/// A signed-in user, as other components see them.
public protocol User {
    /// The backend's stable id for the user.
    var id: String { get }
    /// The name to greet the user with.
    var displayName: String { get }
}
