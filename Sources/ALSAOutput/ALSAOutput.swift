import Audio
import CALSA
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Plays through an ALSA PCM device, waiting for room with poll and recovering from underruns.
///
/// The device buffer is about `latency` seconds deep and is refilled in large steps: the
/// output waits until a whole period (most of the buffer) has room and writes it in one go, so
/// playing costs a few wake-ups a second. A pause or volume change is still heard within the
/// buffer's depth, and a skip drops the buffer at once.
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
    /// Frames of room the device must have before a write goes ahead (its avail_min), once open.
    private var periodFrames = 0
    /// What went wrong in `setPaused` or `discardBuffered`, for the next `write` to report.
    private var pendingError: ALSAError?

    /// An output for ALSA device `device` ("default", "pulse", "hw:0,0", …) with about
    /// `latency` seconds of device buffer, refilled a period (`periodShare` of it) at a time.
    /// `configText`, when given, is an ALSA configuration loaded privately in which `device` is
    /// defined (tests capture to a file this way).
    public init(device: String = "default", latency: Double = ALSAOutput.defaultLatency, configText: String? = nil) {
        self.device = device
        self.configText = configText
        // Outside ALSA's sensible range (or not a number) the default stands.
        let seconds = latency.isFinite && latency >= 0.001 && latency <= 10 ? latency : Self.defaultLatency
        self.latencyMicroseconds = UInt32((seconds * 1_000_000).rounded())
        // Without descriptors left the ends stay -1: then only the poll timeout ends a wait.
        (wakeRead, wakeWrite) = makeWakePipe() ?? (-1, -1)
    }

    deinit {
        close()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// The device buffer's depth in seconds: how late a volume change or pause can be heard at
    /// most (today's 0.2 s figure, plus a little).
    public static let defaultLatency = 0.25
    /// The share of the buffer refilled per wake-up; the rest (60 ms at the default latency)
    /// is the margin that covers a late wake-up on a busy machine.
    static let periodShare = 0.75

    public var name: String { "alsa:\(device)" }

    /// libasound, opened at the first device opened (not linked: `segue --version`, `ctl` and a
    /// play through another output never map it nor the plugins it loads).
    static let library = DynamicLibrary(file: "libasound.so.2", package: "libasound2")

    /// Nil when ALSA can be used; otherwise why not, as a sentence without its full stop. The
    /// library is opened, and its messages to stderr silenced, on the first call.
    public static let unavailable: String? = {
        if let problem = library.problem(shim_alsa_load()) { return problem }
        shim_alsa_silence_errors()
        return nil
    }()

    /// What opening ALSA from the files `names` reports, tried in a private table that is
    /// closed again (for tests: the shared one is left alone).
    static func probe(_ names: [String]) -> String? {
        library.problem(DynamicLibrary.withCStrings(names) { shim_alsa_probe($0, $1) })
    }

    public var preferredWriteFrames: Int? { periodFrames > 0 ? periodFrames : nil }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        close()
        pendingError = nil
        do throws(ALSAError) {
            if let problem = Self.unavailable { throw ALSAError.unavailable(device: device, problem: problem) }
            let handle = try openDevice()
            do throws(ALSAError) {
                format = try setFormat(handle, requested)
                // Non-blocking writes with poll, so a skip or seek can cut a wait for room short.
                try ALSACall.check(shim_snd_pcm_nonblock(handle, 1), .setUp, device: device)
            } catch {
                shim_snd_pcm_close(handle)
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
            refusal = configure(handle, channels: UInt32(clamping: requested.channels), rate: UInt32(clamping: rate))
            if refusal >= 0 { return PCMFormat(sampleRate: rate, channels: requested.channels) }
        }
        throw ALSACall.error(refusal, .setFormat(requested), device: device)
    }

    /// What `snd_pcm_set_params` does, but with a period of most of the buffer instead of a
    /// quarter, and that period as the room a write waits for: 0 or ALSA's negative code.
    private func configure(_ handle: OpaquePointer, channels: UInt32, rate: UInt32) -> Int32 {
        var hw: OpaquePointer?
        guard shim_snd_pcm_hw_params_malloc(&hw) >= 0, let hw else { return -Int32(ENOMEM) }
        defer { shim_snd_pcm_hw_params_free(hw) }
        var result = shim_snd_pcm_hw_params_any(handle, hw)
        func step(_ call: () -> Int32) {
            if result >= 0 { result = call() }
        }
        step { shim_snd_pcm_hw_params_set_rate_resample(handle, hw, 0) }
        step { shim_snd_pcm_hw_params_set_access(handle, hw, SND_PCM_ACCESS_RW_INTERLEAVED) }
        step { shim_snd_pcm_hw_params_set_format(handle, hw, SND_PCM_FORMAT_S16_LE) }
        step { shim_snd_pcm_hw_params_set_channels(handle, hw, channels) }
        step { shim_snd_pcm_hw_params_set_rate(handle, hw, rate, 0) }
        var bufferTime = latencyMicroseconds
        step { shim_snd_pcm_hw_params_set_buffer_time_near(handle, hw, &bufferTime, nil) }
        var periodTime = UInt32((Double(bufferTime) * Self.periodShare).rounded())
        step { shim_snd_pcm_hw_params_set_period_time_near(handle, hw, &periodTime, nil) }
        step { shim_snd_pcm_hw_params(handle, hw) }
        var bufferSize: snd_pcm_uframes_t = 0
        var periodSize: snd_pcm_uframes_t = 0
        step { shim_snd_pcm_hw_params_get_buffer_size(hw, &bufferSize) }
        step { shim_snd_pcm_hw_params_get_period_size(hw, &periodSize, nil) }
        guard result >= 0 else { return result }
        var sw: OpaquePointer?
        guard shim_snd_pcm_sw_params_malloc(&sw) >= 0, let sw else { return -Int32(ENOMEM) }
        defer { shim_snd_pcm_sw_params_free(sw) }
        step { shim_snd_pcm_sw_params_current(handle, sw) }
        // Like snd_pcm_set_params: playing starts once the buffer's whole periods are filled.
        let periods = periodSize > 0 ? bufferSize / periodSize : 1
        step { shim_snd_pcm_sw_params_set_start_threshold(handle, sw, max(1, periods) * periodSize) }
        step { shim_snd_pcm_sw_params_set_avail_min(handle, sw, max(1, periodSize)) }
        step { shim_snd_pcm_sw_params(handle, sw) }
        if result >= 0 { periodFrames = Int(clamping: max(1, periodSize)) }
        return result
    }

    private func openDevice() throws(ALSAError) -> OpaquePointer {
        var handle: OpaquePointer?
        if let configText {
            let config = try loadConfiguration(configText)
            defer { shim_snd_config_delete(config) }
            try ALSACall.check(shim_snd_pcm_open_lconf(&handle, device, SND_PCM_STREAM_PLAYBACK, 0, config), .open, device: device)
        } else {
            try ALSACall.check(shim_snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0), .open, device: device)
        }
        guard let handle else { throw ALSACall.error(-Int32(ENODEV), .open, device: device) }
        return handle
    }

    /// A configuration tree holding only `text` (the caller deletes it).
    private func loadConfiguration(_ text: String) throws(ALSAError) -> OpaquePointer {
        var config: OpaquePointer?
        try ALSACall.check(shim_snd_config_top(&config), .readConfiguration, device: device)
        guard let config else { throw ALSACall.error(-Int32(ENOMEM), .readConfiguration, device: device) }
        var input: OpaquePointer?
        let opened = text.withCString { shim_snd_input_buffer_open(&input, $0, -1) }
        guard opened >= 0, let input else {
            shim_snd_config_delete(config)
            throw ALSACall.error(opened < 0 ? opened : -Int32(ENOMEM), .readConfiguration, device: device)
        }
        defer { shim_snd_input_close(input) }
        let loaded = shim_snd_config_load(config, input)
        guard loaded >= 0 else {
            shim_snd_config_delete(config)
            throw ALSACall.error(loaded, .readConfiguration, device: device)
        }
        return config
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        _ = try writeSome(samples)  // interrupted: what is left was dropped by the pipeline anyway
    }

    public func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int {
        guard let pcm else { throw ALSAError.notOpen(device: device).audioError }
        if let pendingError {
            self.pendingError = nil
            throw pendingError.audioError
        }
        var base = samples.baseAddress
        let total = samples.count / format.channels
        var frames = total
        while frames > 0, let pointer = base {
            // While the device plays, wait until a whole period (or all that is left) fits, so
            // each wake-up ends in one large write rather than a trickle of small ones.
            if shim_snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING {
                let room = shim_snd_pcm_avail_update(pcm)
                if room >= 0 && room < min(frames, periodFrames) {
                    if waitForRoom(pcm) { continue }
                    return (total - frames) * format.channels
                }
            }
            let n = shim_snd_pcm_writei(pcm, pointer, snd_pcm_uframes_t(frames))
            guard n < 0 else {
                frames -= n
                base = pointer + n * format.channels
                continue
            }
            let code = ALSACall.code(n)
            if code == ALSACall.wouldBlock {
                if waitForRoom(pcm) { continue }
                return (total - frames) * format.channels
            }
            // An underrun or a suspend is recovered (the PCM is prepared again) and the rest
            // written; any other code comes back from snd_pcm_recover as it went in.
            let recovering = code == ALSACall.underrun || code == ALSACall.suspended
            do throws(ALSAError) {
                try ALSACall.check(shim_snd_pcm_recover(pcm, code, 1), recovering ? .recover : .write, device: device)
            } catch {
                throw error.audioError
            }
        }
        return total * format.channels
    }

    /// Waits until the device has room or `interruptWrite` is called; false when interrupted.
    private func waitForRoom(_ pcm: OpaquePointer) -> Bool {
        let count = Int(max(0, shim_snd_pcm_poll_descriptors_count(pcm)))
        var fds = [pollfd](repeating: pollfd(), count: count + 1)
        _ = fds.withUnsafeMutableBufferPointer { shim_snd_pcm_poll_descriptors(pcm, $0.baseAddress, UInt32(count)) }
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
            if shim_snd_pcm_pause(pcm, 1) < 0 {
                remember(shim_snd_pcm_drop(pcm), .resume)
                pausedByDrop = true
            }
        } else if pausedByDrop {
            remember(shim_snd_pcm_prepare(pcm), .resume)
            pausedByDrop = false
        } else if shim_snd_pcm_pause(pcm, 0) < 0 {
            remember(shim_snd_pcm_prepare(pcm), .resume)
        }
    }

    public func discardBuffered() {
        drainWakePipe(wakeRead)  // an interrupt belongs to the audio being discarded, not to what comes next
        guard let pcm else { return }
        remember(shim_snd_pcm_drop(pcm), .restart)
        remember(shim_snd_pcm_prepare(pcm), .restart)
    }

    /// Keeps the first failure of a call that cannot throw, for the next `write` to report.
    private func remember(_ result: Int32, _ step: ALSAError.Step) {
        guard result < 0, pendingError == nil else { return }
        pendingError = ALSACall.error(result, step, device: device)
    }

    public func drain() throws {
        guard let pcm else { return }
        do throws(ALSAError) {
            try ALSACall.check(shim_snd_pcm_nonblock(pcm, 0), .finish, device: device)  // draining must wait for the device
            let drained = shim_snd_pcm_drain(pcm)
            try ALSACall.check(shim_snd_pcm_nonblock(pcm, 1), .finish, device: device)
            try ALSACall.check(shim_snd_pcm_prepare(pcm), .finish, device: device)
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
        return shim_snd_pcm_delay(pcm, &delay) == 0 ? max(0, delay) : 0
    }

    public func close() {
        guard let pcm else { return }
        shim_snd_pcm_close(pcm)
        self.pcm = nil
    }
}
