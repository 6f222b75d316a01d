#if canImport(Glibc)
    import Glibc
#endif

/// A system call that failed, with its `errno`: the one error type of this module. Its
/// description is a sentence naming the call and the system's reason.
public struct POSIXError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted, in words ("starting a thread").
    public let operation: String
    /// The `errno` value (or the code a pthread call returned).
    public let code: Int32

    /// The error for `operation` failing with `code`.
    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    public var description: String { "\(operation) failed: \(errnoText(code))." }
}

/// The system's text for an errno value ("No such file or directory").
public func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
