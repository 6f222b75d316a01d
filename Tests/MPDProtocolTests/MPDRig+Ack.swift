import MPDProtocol

extension Result where Failure == MPDAck {
    /// The ACK, when the command failed.
    var ack: MPDAck? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
