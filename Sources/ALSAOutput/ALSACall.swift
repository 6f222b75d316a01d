import CALSA

#if canImport(Glibc)
    import Glibc
#endif

/// The one place ALSA's return codes are read: negative results become `ALSAError`, and the few
/// codes Segue handles rather than reports are named here from the C headers.
enum ALSACall {
    /// The device ran dry (underrun): a write or drain fails with this until the PCM is prepared.
    static let underrun = -Int32(EPIPE)
    /// The device was suspended (system sleep): recovered like an underrun.
    static let suspended = -Int32(ESTRPIPE)
    /// A non-blocking write found no room.
    static let wouldBlock = -Int32(EAGAIN)

    /// Returns `result` when ALSA succeeded (zero or more), else throws what `step` on `device` met.
    @discardableResult
    static func check(_ result: Int32, _ step: ALSAError.Step, device: String) throws(ALSAError) -> Int32 {
        guard result < 0 else { return result }
        throw error(result, step, device: device)
    }

    /// The error for ALSA's negative `code` while doing `step` on `device`.
    static func error(_ code: Int32, _ step: ALSAError.Step, device: String) -> ALSAError {
        .refused(device: device, step: step, code: code, reason: String(cString: shim_snd_strerror(code)))
    }

    /// A frame count or error code from `snd_pcm_writei` and kin as an `Int32` code (errors are
    /// small negative errnos; anything out of range is not one of them).
    static func code(_ frames: snd_pcm_sframes_t) -> Int32 {
        Int32(clamping: frames)
    }
}
