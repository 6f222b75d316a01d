/// What one MPD connection has set for itself: the tags it wants, what it may do, how large a
/// binary chunk it takes. The connection machine keeps it; commands read and change it.
public struct MPDClientState: Equatable, Sendable {
    /// The tags song blocks carry (`tagtypes clear|enable|disable|all`).
    public var tags: Set<MPDTag> = Set(MPDTag.allCases)
    /// What it may do now.
    public var permissions: MPDPermission
    /// The largest binary chunk one `albumart`/`readpicture` reply carries (`binarylimit`).
    public var binaryLimit = MPDClientState.defaultBinaryLimit

    /// MPD's default chunk size.
    public static let defaultBinaryLimit = 8192
    /// The chunk sizes `binarylimit` accepts (MPD's minimum is 64).
    public static let binaryLimits = 64...(1 << 20)

    /// A new connection's state: everything allowed when no password is set, nothing otherwise.
    public init(passwordRequired: Bool) {
        permissions = passwordRequired ? .none : .all
    }
}
