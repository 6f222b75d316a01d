import Audio
import CALSA
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Plays through an ALSA PCM device, waiting for room with poll and recovering from underruns.
///
/// Not thread-safe: the output thread opens, writes and closes it. ALSA's own messages are
/// silenced (they would corrupt the terminal UI); every failure becomes an `ALSAError` sentence
/// that names the fix, thrown as `AudioError.output`. A failure in a call that cannot throw
/// (resuming after a pause, starting again after a discard) is thrown by the next `write`.
public final class ALSAOutput: AudioOutput, @unchecked Sendable {
    private let device: String
    /// A pipe whose write end `interruptWrite` pokes (from any thread) to end a wait for room.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let configText: String?
    private let latencyMicroseconds: UInt32
    private var pcm: OpaquePointer?
    private var format = PCMFormat.cd
    /// What went wrong in `setPaused` or `discardBuffered`, for the next `write` to report.
    private var pendingError: ALSAError?

    private static let silenced: Void = shim_alsa_silence_errors()

    /// An output for ALSA device `device` ("default", "pulse", "hw:0,0", …) with about
    /// `latency` seconds of device buffer. `configText`, when given, is an ALSA configuration
    /// loaded privately in which `device` is defined (tests capture to a file this way).
    public init(device: String = "default", latency: Double = 0.2, configText: String? = nil) {
        _ = Self.silenced
        self.device = device
        self.configText = configText
        // Outside ALSA's sensible range (or not a number) the default stands.
        let seconds = latency.isFinite && latency >= 0.001 && latency <= 10 ? latency : 0.2
        self.latencyMicroseconds = UInt32((seconds * 1_000_000).rounded())
        // Without descriptors left the ends stay -1: then only the poll timeout ends a wait.
        (wakeRead, wakeWrite) = makeWakePipe() ?? (-1, -1)
    }

    deinit {
        close()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    public var name: String { "alsa:\(device)" }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        close()
        pendingError = nil
        do throws(ALSAError) {
            let handle = try openDevice()
            do throws(ALSAError) {
                format = try setFormat(handle, requested)
                // Non-blocking writes with poll, so a skip or seek can cut a wait for room short.
                try ALSACall.check(snd_pcm_nonblock(handle, 1), .setUp, device: device)
            } catch {
                snd_pcm_close(handle)
                throw error
            }
            pcm = handle
            return format
        } catch {
            throw error.audioError
        }
    }

    /// Sets `requested`, or the same channels at a common rate: no ALSA-side resampling, the
    /// pipeline converts once with libsoxr instead. Returns the format in use.
    private func setFormat(_ handle: OpaquePointer, _ requested: PCMFormat) throws(ALSAError) -> PCMFormat {
        var refusal: Int32 = 0
        for rate in [requested.sampleRate, 48_000, 44_100] {
            refusal = snd_pcm_set_params(
                handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                UInt32(clamping: requested.channels), UInt32(clamping: rate), 0, latencyMicroseconds)
            if refusal >= 0 { return PCMFormat(sampleRate: rate, channels: requested.channels) }
        }
        throw ALSACall.error(refusal, .setFormat(requested), device: device)
    }

    private func openDevice() throws(ALSAError) -> OpaquePointer {
        var handle: OpaquePointer?
        if let configText {
            let config = try loadConfiguration(configText)
            defer { snd_config_delete(config) }
            try ALSACall.check(snd_pcm_open_lconf(&handle, device, SND_PCM_STREAM_PLAYBACK, 0, config), .open, device: device)
        } else {
            try ALSACall.check(snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0), .open, device: device)
        }
        guard let handle else { throw ALSACall.error(-Int32(ENODEV), .open, device: device) }
        return handle
    }

    /// A configuration tree holding only `text` (the caller deletes it).
    private func loadConfiguration(_ text: String) throws(ALSAError) -> OpaquePointer {
        var config: OpaquePointer?
        try ALSACall.check(snd_config_top(&config), .readConfiguration, device: device)
        guard let config else { throw ALSACall.error(-Int32(ENOMEM), .readConfiguration, device: device) }
        var input: OpaquePointer?
        let opened = text.withCString { snd_input_buffer_open(&input, $0, -1) }
        guard opened >= 0, let input else {
            snd_config_delete(config)
            throw ALSACall.error(opened < 0 ? opened : -Int32(ENOMEM), .readConfiguration, device: device)
        }
        defer { snd_input_close(input) }
        let loaded = snd_config_load(config, input)
        guard loaded >= 0 else {
            snd_config_delete(config)
            throw ALSACall.error(loaded, .readConfiguration, device: device)
        }
        return config
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let pcm else { throw ALSAError.notOpen(device: device).audioError }
        if let pendingError {
            self.pendingError = nil
            throw pendingError.audioError
        }
        var base = samples.baseAddress
        var frames = samples.count / format.channels
        while frames > 0, let pointer = base {
            let n = snd_pcm_writei(pcm, pointer, snd_pcm_uframes_t(frames))
            guard n < 0 else {
                frames -= n
                base = pointer + n * format.channels
                continue
            }
            let code = ALSACall.code(n)
            if code == ALSACall.wouldBlock {
                if waitForRoom(pcm) { continue }
                return  // interrupted: what is left was dropped by the pipeline anyway
            }
            // An underrun or a suspend is recovered (the PCM is prepared again) and the rest
            // written; any other code comes back from snd_pcm_recover as it went in.
            let recovering = code == ALSACall.underrun || code == ALSACall.suspended
            do throws(ALSAError) {
                try ALSACall.check(snd_pcm_recover(pcm, code, 1), recovering ? .recover : .write, device: device)
            } catch {
                throw error.audioError
            }
        }
    }

    /// Waits until the device has room or `interruptWrite` is called; false when interrupted.
    private func waitForRoom(_ pcm: OpaquePointer) -> Bool {
        let count = Int(max(0, snd_pcm_poll_descriptors_count(pcm)))
        var fds = [pollfd](repeating: pollfd(), count: count + 1)
        _ = fds.withUnsafeMutableBufferPointer { snd_pcm_poll_descriptors(pcm, $0.baseAddress, UInt32(count)) }
        fds[count] = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 1000) }
        if ready > 0 && fds[count].revents & Int16(POLLIN) != 0 {
            drainWakePipe(wakeRead)
            return false
        }
        return true  // room, an error for writei to report, or a timeout: try the write again
    }

    public func interruptWrite() {
        pokeWakePipe(wakeWrite)
    }

    private var pausedByDrop = false

    public func setPaused(_ paused: Bool) {
        guard let pcm else { return }
        if paused {
            // Hardware pause keeps the buffered audio. A device that cannot pause, or a stream
            // not running yet, refuses: then the buffered audio is dropped instead.
            if snd_pcm_pause(pcm, 1) < 0 {
                remember(snd_pcm_drop(pcm), .resume)
                pausedByDrop = true
            }
        } else if pausedByDrop {
            remember(snd_pcm_prepare(pcm), .resume)
            pausedByDrop = false
        } else if snd_pcm_pause(pcm, 0) < 0 {
            remember(snd_pcm_prepare(pcm), .resume)
        }
    }

    public func discardBuffered() {
        drainWakePipe(wakeRead)  // an interrupt belongs to the audio being discarded, not to what comes next
        guard let pcm else { return }
        remember(snd_pcm_drop(pcm), .restart)
        remember(snd_pcm_prepare(pcm), .restart)
    }

    /// Keeps the first failure of a call that cannot throw, for the next `write` to report.
    private func remember(_ result: Int32, _ step: ALSAError.Step) {
        guard result < 0, pendingError == nil else { return }
        pendingError = ALSACall.error(result, step, device: device)
    }

    public func drain() throws {
        guard let pcm else { return }
        do throws(ALSAError) {
            try ALSACall.check(snd_pcm_nonblock(pcm, 0), .finish, device: device)  // draining must wait for the device
            let drained = snd_pcm_drain(pcm)
            try ALSACall.check(snd_pcm_nonblock(pcm, 1), .finish, device: device)
            try ALSACall.check(snd_pcm_prepare(pcm), .finish, device: device)
            // Running dry at the very end is what finishing means, not a failure.
            if drained != ALSACall.underrun { try ALSACall.check(drained, .finish, device: device) }
        } catch {
            throw error.audioError
        }
    }

    public var bufferedFrames: Int {
        guard let pcm else { return 0 }
        var delay: snd_pcm_sframes_t = 0
        // A device that cannot say (stopped, or in error) has nothing waiting to be heard.
        return snd_pcm_delay(pcm, &delay) == 0 ? max(0, delay) : 0
    }

    public func close() {
        guard let pcm else { return }
        snd_pcm_close(pcm)
        self.pcm = nil
    }
}
