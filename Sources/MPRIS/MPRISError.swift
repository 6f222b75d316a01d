/// Why an MPRIS call was refused or MPRIS could not start, as a sentence (`description`); the
/// bus side sends a refusal as a D-Bus error named `busName` with the sentence as its message.
public enum MPRISError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value from the bus that means nothing here (a NaN volume, an unknown loop status, a
    /// URI of another scheme); the sentence names it.
    case invalidArgument(String)
    /// The session refused the command; its own sentence.
    case refused(String)
    /// The bus could not be reached or would not give Segue its name (`step` failed with the
    /// system's words for `code`).
    case bus(step: String, reason: String)
    /// libsystemd could not be loaded; `problem` is `DynamicLibrary`'s sentence for it.
    case libraryMissing(problem: String)

    /// One sentence.
    public var description: String {
        switch self {
        case .invalidArgument(let text): text
        case .refused(let text): text
        case .bus(let step, let reason): "MPRIS is off: \(step) failed (\(reason))."
        case .libraryMissing(let problem): "MPRIS is off: \(problem)."
        }
    }

    /// The D-Bus error name a refusal is sent as.
    public var busName: String {
        switch self {
        case .invalidArgument: "org.freedesktop.DBus.Error.InvalidArgs"
        case .refused, .bus, .libraryMissing: "org.freedesktop.DBus.Error.Failed"
        }
    }
}
