import Audio
import CALSA

#if canImport(Glibc)
    import Glibc
#endif

/// Plays through an ALSA PCM device with blocking writes, recovering from underruns.
///
/// Not thread-safe: the output thread opens, writes and closes it. ALSA's own messages are
/// silenced (they would corrupt the terminal UI); every failure becomes an `AudioError.output`
/// sentence that names the fix.
public final class ALSAOutput: AudioOutput, @unchecked Sendable {
    private let device: String
    /// A pipe whose write end `interruptWrite` pokes (from any thread) to end a wait for room.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let configText: String?
    private let latencyMicroseconds: UInt32
    private var pcm: OpaquePointer?
    private var format = PCMFormat.cd

    private static let silenced: Void = shim_alsa_silence_errors()

    /// An output for ALSA device `device` ("default", "pulse", "hw:0,0", …) with about
    /// `latency` seconds of device buffer. `configText`, when given, is an ALSA configuration
    /// loaded privately in which `device` is defined (tests capture to a file this way).
    public init(device: String = "default", latency: Double = 0.2, configText: String? = nil) {
        _ = Self.silenced
        self.device = device
        self.configText = configText
        self.latencyMicroseconds = UInt32(latency * 1_000_000)
        var fds: [Int32] = [-1, -1]
        _ = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        close()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    public var name: String { "alsa:\(device)" }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        close()
        let handle = try openDevice()
        // No ALSA-side resampling: if the device refuses the rate, ask for a common one and
        // let the pipeline convert once with libsoxr.
        var lastError: Int32 = 0
        for rate in [requested.sampleRate, 48_000, 44_100] {
            lastError = snd_pcm_set_params(
                handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                UInt32(requested.channels), UInt32(rate), 0, latencyMicroseconds)
            if lastError == 0 {
                // Non-blocking writes with poll, so a skip or seek can cut a wait for room short.
                snd_pcm_nonblock(handle, 1)
                pcm = handle
                format = PCMFormat(sampleRate: rate, channels: requested.channels)
                return format
            }
        }
        snd_pcm_close(handle)
        throw AudioError.output(
            "The sound device \(device) does not accept \(requested) audio (\(Self.message(lastError))). Try --output alsa:DEVICE with another device."
        )
    }

    private func openDevice() throws -> OpaquePointer {
        var handle: OpaquePointer?
        var rc: Int32
        if let configText {
            var config: OpaquePointer?
            snd_config_top(&config)
            defer { snd_config_delete(config) }
            var input: OpaquePointer?
            _ = configText.withCString { snd_input_buffer_open(&input, $0, -1) }
            snd_config_load(config, input)
            snd_input_close(input)
            rc = snd_pcm_open_lconf(&handle, device, SND_PCM_STREAM_PLAYBACK, 0, config)
        } else {
            rc = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        }
        guard rc == 0, let handle else {
            throw AudioError.output(
                "No sound device: ALSA could not open \"\(device)\" (\(Self.message(rc))). Use --output null to play silently, or --output alsa:DEVICE to choose a device (aplay -L lists them)."
            )
        }
        return handle
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let pcm else { throw AudioError.output("The sound device \(device) is not open.") }
        var base = samples.baseAddress
        var frames = samples.count / format.channels
        while frames > 0, let pointer = base {
            let n = snd_pcm_writei(pcm, pointer, snd_pcm_uframes_t(frames))
            if n == -snd_pcm_sframes_t(EAGAIN) {
                if waitForRoom(pcm) { continue }
                return  // interrupted: what is left was dropped by the pipeline anyway
            }
            if n < 0 {
                // Underrun (EPIPE) or suspend (ESTRPIPE): recover and write the rest.
                let rc = snd_pcm_recover(pcm, Int32(n), 1)
                if rc < 0 {
                    throw AudioError.output("The sound device \(device) failed (\(Self.message(rc))).")
                }
                continue
            }
            frames -= Int(n)
            base = pointer + Int(n) * format.channels
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
            drainWakePipe()
            return false
        }
        return true  // room, an error for writei to report, or a timeout: try the write again
    }

    public func interruptWrite() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ Glibc.read(wakeRead, $0.baseAddress, 64) }) > 0 {}
    }

    private var pausedByDrop = false

    public func setPaused(_ paused: Bool) {
        guard let pcm else { return }
        if paused {
            // Hardware pause keeps the buffered audio; devices that cannot pause lose it.
            if snd_pcm_pause(pcm, 1) != 0 {
                snd_pcm_drop(pcm)
                pausedByDrop = true
            }
        } else if pausedByDrop {
            snd_pcm_prepare(pcm)
            pausedByDrop = false
        } else if snd_pcm_pause(pcm, 0) != 0 {
            snd_pcm_prepare(pcm)
        }
    }

    public func discardBuffered() {
        drainWakePipe()  // an interrupt belongs to the audio being discarded, not to what comes next
        guard let pcm else { return }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    public func drain() throws {
        guard let pcm else { return }
        snd_pcm_nonblock(pcm, 0)  // draining must wait for the device
        let rc = snd_pcm_drain(pcm)
        snd_pcm_nonblock(pcm, 1)
        snd_pcm_prepare(pcm)
        if rc < 0 && rc != -EPIPE_CODE {
            throw AudioError.output("The sound device \(device) failed while finishing (\(Self.message(rc))).")
        }
    }

    public var bufferedFrames: Int {
        guard let pcm else { return 0 }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? max(0, Int(delay)) : 0
    }

    public func close() {
        guard let pcm else { return }
        snd_pcm_close(pcm)
        self.pcm = nil
    }

    private static func message(_ code: Int32) -> String {
        String(cString: snd_strerror(code))
    }
}

private let EPIPE_CODE: Int32 = 32
