import Audio
import CLibraryLoader
import CPulse
import Checked
import POSIXSupport
import Synchronization

/// Plays through a PulseAudio server with libpulse's asynchronous API (loaded at first use), as
/// mpd and cmus do, instead of through ALSA's pulse plugin.
///
/// The server holds a deep buffer (`bufferSeconds`, 2 s) and asks for more only when a large
/// share of it (`requestShare`) has played, so playing costs a few wake-ups a second; nothing
/// asks the server for timing on a timer. What must be heard at once does not wait for that
/// buffer: a pause corks the stream (the buffered audio is kept, and a paused stream costs no
/// wake-ups), a skip or seek flushes it, and the volume is the stream's volume on the server
/// (`setVolume`), applied where the audio is mixed. The position comes from the server's latency
/// report, not from the buffer's depth.
///
/// Not thread-safe except `interruptWrite` and `setVolume`: the output thread opens, writes and
/// closes it. Every C handle stays inside and is freed in `close` and `deinit`; every failure
/// (no server, a refused stream, a server that dies while playing) is a `PulseError` sentence,
/// thrown as `AudioError.output`. A failure in a call that cannot throw (pause, flush) is
/// thrown by the next `write`.
public final class PulseOutput: AudioOutput, @unchecked Sendable {
    /// The sink asked for (nil: the server's default).
    private let sink: String?
    /// The server asked for (nil: the one libpulse finds).
    private let server: String?
    /// The threaded mainloop, made with the output; nil when libpulse could not be loaded.
    private let mainloop: OpaquePointer?
    private let loadProblem: String?
    private var started = false
    // The context and stream change only with the mainloop lock held, so `setVolume` (any
    // thread) reads them under it.
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    private var format = PCMFormat.cd
    /// Bytes the server asks for at a time once open (its minreq): what a write waits for.
    private var requestBytes = 0
    /// The gain to play at (0...1), read and written under the mainloop lock.
    private var gain = 1.0
    /// Set by `interruptWrite`; ends the wait of a write or drain.
    private let interrupted = Atomic<Bool>(false)
    /// What went wrong in `setPaused` or `discardBuffered`, for the next `write` to report.
    private var pendingError: PulseError?

    static let library = DynamicLibrary(file: "libpulse.so.0", package: "libpulse0")

    /// The server-side buffer's depth in seconds: the audio queued ahead of what is heard.
    public static let bufferSeconds = 2.0
    /// The share of the buffer the server lets play before asking for more: each refill is this
    /// large (0.5 s at the defaults), so the process wakes for it about twice a second.
    static let requestShare = 0.25
    /// How much must be queued before a stream starts playing after a start, a skip or an
    /// underrun: one refill's worth (0.5 s, decoded in a few milliseconds from a file). With
    /// 50 ms, a stream whose first writes trickled in underran at once, and the null sink's
    /// rewinds at each end of underrun then took a whole M4A track in about half a second (1 play
    /// in 5-8 through a private null sink; the server's log shows the underrun/rewind cycle).
    static let startSeconds = 0.5

    /// An output for PulseAudio sink `sink` (nil: the server's default sink) on `server` (in
    /// libpulse's form, such as "unix:/run/user/1000/pulse/native"; nil: the one libpulse finds,
    /// PULSE_SERVER or else the user's). Loads libpulse; a missing library is reported by `open`.
    public init(sink: String? = nil, server: String? = nil) {
        self.sink = sink
        self.server = server
        let problem = Self.library.problem(shim_pulse_load())
        loadProblem = problem
        mainloop = problem == nil ? shim_pa_threaded_mainloop_new() : nil
    }

    deinit {
        close()
        if let mainloop {
            if started { shim_pa_threaded_mainloop_stop(mainloop) }
            shim_pa_threaded_mainloop_free(mainloop)
        }
    }

    private var sinkName: String { sink ?? "default" }

    public var name: String { sink.map { "pulse:\($0)" } ?? "pulse" }

    public var preferredWriteFrames: Int? {
        requestBytes > 0 ? max(1, requestBytes / (2 * max(1, format.channels))) : nil
    }

    public var appliesVolume: Bool { true }

    public var bufferIsDeep: Bool { true }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        close()
        pendingError = nil
        do throws(PulseError) {
            guard let mainloop else { throw PulseError.libraryMissing(problem: loadProblem ?? "libpulse could not be loaded") }
            if !started {
                guard shim_pa_threaded_mainloop_start(mainloop) >= 0 else {
                    throw PulseError.failed(step: .start, sink: sinkName, reason: "no thread")
                }
                started = true
            }
            shim_pa_threaded_mainloop_lock(mainloop)
            defer { shim_pa_threaded_mainloop_unlock(mainloop) }
            do throws(PulseError) {
                let context = try connect(mainloop)
                try makeStream(mainloop, context, requested)
            } catch {
                closeLocked()
                throw error
            }
            return format
        } catch {
            throw error.audioError
        }
    }

    /// A context connected to the server (mainloop lock held).
    private func connect(_ mainloop: OpaquePointer) throws(PulseError) -> OpaquePointer {
        guard let api = shim_pa_threaded_mainloop_get_api(mainloop), let context = shim_pa_context_new(api, "Segue") else {
            throw PulseError.failed(step: .connect, sink: sinkName, reason: "out of memory")
        }
        self.context = context
        shim_pulse_watch_context(context, mainloop)
        // No autospawn: a server that is not there is reported, not started behind the user's back.
        guard shim_pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw failure(.connect)
        }
        while true {
            let state = shim_pa_context_get_state(context)
            if state == PA_CONTEXT_READY { return context }
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED { throw failure(.connect) }
            shim_pa_threaded_mainloop_wait(mainloop)
        }
    }

    /// The playback stream for `requested`, connected (mainloop lock held).
    private func makeStream(_ mainloop: OpaquePointer, _ context: OpaquePointer, _ requested: PCMFormat) throws(PulseError) {
        var spec = pa_sample_spec(
            format: PA_SAMPLE_S16LE, rate: UInt32(clamping: requested.sampleRate), channels: UInt8(clamping: requested.channels))
        // An invalid spec (no channels, too many, an absurd rate) makes pa_stream_new fail: a sentence.
        guard let stream = shim_pa_stream_new(context, "Segue", &spec, nil) else { throw failure(.createStream(requested)) }
        self.stream = stream
        format = requested
        shim_pulse_watch_stream(stream, mainloop)
        let frameBytes = 2 * max(1, requested.channels)
        func bytes(_ seconds: Double) -> UInt32 {
            let frames = Checked.clamped(seconds * Double(requested.sampleRate), to: 1...Int(UInt32.max / 64))
            return UInt32(clamping: frames * frameBytes)
        }
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytes(Self.bufferSeconds), prebuf: bytes(Self.startSeconds),
            minreq: bytes(Self.bufferSeconds * Self.requestShare), fragsize: UInt32.max)
        var volume = cvolume(channels: spec.channels)
        // Timing is asked for after each write (`requestTiming`), not on libpulse's timer, and
        // interpolated in between. ADJUST_LATENCY makes tlength the whole latency, the sink's
        // share included: without it a null sink takes the stream as fast as it is written.
        let flags = pa_stream_flags_t(rawValue: PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_ADJUST_LATENCY.rawValue)
        guard shim_pa_stream_connect_playback(stream, sink, &attributes, flags, &volume, nil) >= 0 else {
            throw failure(.connectStream)
        }
        while true {
            let state = shim_pa_stream_get_state(stream)
            if state == PA_STREAM_READY { break }
            if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED { throw failure(.connectStream) }
            shim_pa_threaded_mainloop_wait(mainloop)
        }
        let granted = shim_pa_stream_get_buffer_attr(stream)?.pointee.minreq ?? attributes.minreq
        requestBytes = max(frameBytes, Int(granted) / frameBytes * frameBytes)
        requestTiming(stream)
        timingStale = true
    }

    /// The stream volume for the current gain on `channels` channels.
    private func cvolume(channels: UInt8) -> pa_cvolume {
        var volume = pa_cvolume()
        _ = shim_pa_cvolume_set(&volume, UInt32(max(1, channels)), shim_pa_sw_volume_from_linear(gain))
        return volume
    }

    /// Libpulse's words for the context's last error, as `step`'s failure (mainloop lock held).
    private func failure(_ step: PulseError.Step) -> PulseError {
        let code = context.map { shim_pa_context_errno($0) } ?? Int32(PA_ERR_UNKNOWN.rawValue)
        let reason = shim_pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return .failed(step: step, sink: sinkName, reason: reason)
    }

    /// Throws unless the context and stream are still playing (mainloop lock held).
    private func checkAlive(_ stream: OpaquePointer, _ context: OpaquePointer) throws(PulseError) {
        guard shim_pa_context_get_state(context) == PA_CONTEXT_READY, shim_pa_stream_get_state(stream) == PA_STREAM_READY else {
            throw failure(.play)
        }
    }

    /// Asks the server for the stream's timing once (mainloop lock held). libpulse interpolates
    /// between answers with the local clock, so a playing stream needs one only now and then
    /// (`timingInterval`, against the two clocks drifting apart); a start, pause, flush or drain
    /// asks at once (`soon: false` waits for the interval).
    private func requestTiming(_ stream: OpaquePointer, soon: Bool = true) {
        let now = monotonicSeconds()
        guard soon || now - lastTiming >= Self.timingInterval else { return }
        lastTiming = now
        if let operation = shim_pa_stream_update_timing_info(stream, nil, nil) { shim_pa_operation_unref(operation) }
    }

    /// When timing was last asked for (monotonic seconds).
    private var lastTiming = -Double.infinity
    /// True after a start, flush, cork or drain: the next write asks for timing at once, so the
    /// interpolation learns that the stream plays again (it stands still until told).
    private var timingStale = true
    /// How often a playing stream's timing is asked for, in seconds.
    static let timingInterval = 10.0

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        _ = try writeSome(samples)  // interrupted: what is left was dropped by the pipeline anyway
    }

    public func writeSome(_ samples: UnsafeBufferPointer<Int16>) throws -> Int {
        guard let mainloop, let stream, let context, let base = samples.baseAddress else {
            if samples.isEmpty { return 0 }
            throw PulseError.notOpen(sink: sinkName).audioError
        }
        if let pendingError {
            self.pendingError = nil
            throw pendingError.audioError
        }
        let frameBytes = 2 * max(1, format.channels)
        let total = samples.count / max(1, format.channels) * frameBytes
        let raw = UnsafeRawPointer(base)
        var offset = 0
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        do throws(PulseError) {
            while offset < total {
                try checkAlive(stream, context)
                let room = shim_pa_stream_writable_size(stream)
                guard room >= 0 else { throw failure(.play) }  // (size_t)-1: the stream failed
                let left = total - offset
                // Wait for a whole request's room (or for all that is left), so each wake-up ends
                // in one large write rather than a trickle of small ones.
                if room < min(left, requestBytes) {
                    if interrupted.exchange(false, ordering: .relaxed) { break }
                    shim_pa_threaded_mainloop_wait(mainloop)
                    continue
                }
                let n = min(room, left) / frameBytes * frameBytes
                guard n > 0 else {
                    shim_pa_threaded_mainloop_wait(mainloop)
                    continue
                }
                guard shim_pa_stream_write(stream, raw + offset, n, nil, 0, PA_SEEK_RELATIVE) >= 0 else { throw failure(.play) }
                offset += n
            }
        } catch {
            throw error.audioError
        }
        if offset > 0 {
            requestTiming(stream, soon: timingStale)
            timingStale = false
        }
        return offset / 2
    }

    public func interruptWrite() {
        guard let mainloop else { return }
        interrupted.store(true, ordering: .relaxed)
        // Signalled under the lock, so a writer that saw no interrupt is already waiting.
        shim_pa_threaded_mainloop_lock(mainloop)
        shim_pa_threaded_mainloop_signal(mainloop, 0)
        shim_pa_threaded_mainloop_unlock(mainloop)
    }

    public func setPaused(_ paused: Bool) {
        // Corking keeps the queued audio on the server and stops asking for more.
        run { shim_pa_stream_cork($0, paused ? 1 : 0, nil, nil) }
        // The position shown while paused is read next: wait (one round trip) for the server's
        // timing as of the cork, so it is where the sound stopped.
        if paused { waitForTiming() }
    }

    /// Asks for the stream's timing and waits for the answer (or for the server to fail).
    private func waitForTiming() {
        guard let mainloop, let stream, let context else { return }
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        guard let operation = shim_pulse_update_timing(stream, mainloop) else { return }
        defer { shim_pa_operation_unref(operation) }
        while shim_pa_operation_get_state(operation) == PA_OPERATION_RUNNING,
            shim_pa_context_get_state(context) == PA_CONTEXT_READY, shim_pa_stream_get_state(stream) == PA_STREAM_READY
        {
            shim_pa_threaded_mainloop_wait(mainloop)
        }
    }

    public func discardBuffered() {
        interrupted.store(false, ordering: .relaxed)  // an interrupt belongs to the audio being discarded
        run { shim_pa_stream_flush($0, nil, nil) }
    }

    /// Sends `operation` on the stream without waiting for its answer; a refusal is kept for the
    /// next `write`.
    private func run(_ operation: (OpaquePointer) -> OpaquePointer?) {
        guard let mainloop, let stream else { return }
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        if let sent = operation(stream) {
            shim_pa_operation_unref(sent)
            requestTiming(stream)
            timingStale = true
        } else if pendingError == nil {
            pendingError = failure(.play)
        }
    }

    /// Waits until everything written has been heard, or until `interruptWrite` (a pause, skip
    /// or stop while the last audio plays): then what is queued stays queued.
    public func drain() throws {
        guard let mainloop, let stream, let context else { return }
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        do throws(PulseError) {
            try checkAlive(stream, context)
            guard let operation = shim_pulse_drain(stream, mainloop) else { throw failure(.play) }
            defer { shim_pa_operation_unref(operation) }
            while shim_pa_operation_get_state(operation) == PA_OPERATION_RUNNING {
                if interrupted.exchange(false, ordering: .relaxed) { return }
                try checkAlive(stream, context)
                shim_pa_threaded_mainloop_wait(mainloop)
            }
            requestTiming(stream)
            timingStale = true
        } catch {
            throw error.audioError
        }
    }

    public var bufferedFrames: Int {
        guard let mainloop, let stream else { return 0 }
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        var microseconds: pa_usec_t = 0
        var negative: Int32 = 0
        // No timing yet, or the stream is gone: nothing is known to wait.
        guard shim_pa_stream_get_latency(stream, &microseconds, &negative) == 0, negative == 0 else { return 0 }
        return Checked.clamped(Double(microseconds) * Double(format.sampleRate) / 1_000_000, to: 0...Int(Int32.max))
    }

    /// Sets the stream's volume on the server: heard as soon as the server mixes, whatever is
    /// queued. Kept for the next stream when none is open.
    public func setVolume(gain newGain: Double) {
        guard let mainloop else { return }
        shim_pa_threaded_mainloop_lock(mainloop)
        defer { shim_pa_threaded_mainloop_unlock(mainloop) }
        gain = newGain.isNaN ? 1 : min(1, max(0, newGain))
        guard let context, let stream, shim_pa_stream_get_state(stream) == PA_STREAM_READY else { return }
        var volume = cvolume(channels: UInt8(clamping: format.channels))
        if let sent = shim_pa_context_set_sink_input_volume(context, shim_pa_stream_get_index(stream), &volume, nil, nil) {
            shim_pa_operation_unref(sent)
        }
    }

    public func close() {
        guard let mainloop, context != nil || stream != nil else { return }
        shim_pa_threaded_mainloop_lock(mainloop)
        closeLocked()
        shim_pa_threaded_mainloop_unlock(mainloop)
    }

    /// Disconnects and frees the stream and context (mainloop lock held).
    private func closeLocked() {
        if let stream {
            shim_pulse_unwatch_stream(stream)
            _ = shim_pa_stream_disconnect(stream)
            shim_pa_stream_unref(stream)
            self.stream = nil
        }
        if let context {
            shim_pulse_unwatch_context(context)
            shim_pa_context_disconnect(context)
            shim_pa_context_unref(context)
            self.context = nil
        }
        requestBytes = 0
    }
}
