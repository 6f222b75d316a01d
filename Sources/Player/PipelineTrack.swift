import Audio

/// One thing for the pipeline to play: an id chosen by the caller and a way to open its bytes.
public struct PipelineTrack: Sendable {
    /// The caller's id, echoed in every event about this track.
    public var id: Int
    /// A name for messages (a path or URL).
    public var name: String
    /// Opens the bytes (a file, or a download that starts now). Called on the decoder thread,
    /// possibly ahead of time so the next track is ready before the current one ends.
    public var openSource: @Sendable () throws -> any ByteSource

    /// Creates a track.
    public init(id: Int, name: String, openSource: @escaping @Sendable () throws -> any ByteSource) {
        self.id = id
        self.name = name
        self.openSource = openSource
    }
}

/// What the pipeline knows about a track once its decoder is open.
public struct TrackInfo: Sendable, Equatable {
    /// Tags from the file.
    public var metadata: TrackMetadata
    /// Length in frames at `sourceFormat`'s rate, when known.
    public var totalFrames: Int?
    /// The decoder's format.
    public var sourceFormat: PCMFormat
    /// The output's format (after any conversion).
    public var outputFormat: PCMFormat
    /// "MP3", "AAC in M4A", …
    public var codecName: String

    /// Creates a description; the pipeline makes these, tests make their own.
    public init(metadata: TrackMetadata, totalFrames: Int?, sourceFormat: PCMFormat, outputFormat: PCMFormat, codecName: String) {
        self.metadata = metadata
        self.totalFrames = totalFrames
        self.sourceFormat = sourceFormat
        self.outputFormat = outputFormat
        self.codecName = codecName
    }

    /// Length in seconds when known.
    public var duration: Double? { totalFrames.map { sourceFormat.seconds(ofFrames: $0) } }
}

/// Everything the pipeline tells its owner, in the order it happens.
public enum PipelineEvent: Sendable {
    /// The first samples of a track were handed to the output.
    case trackStarted(id: Int, info: TrackInfo)
    /// A track could not be opened or decoded; the pipeline goes on with the next one.
    case trackFailed(id: Int, name: String, error: AudioError)
    /// The last samples of a track were handed to the output.
    case trackFinished(id: Int, frames: Int)
    /// The output could not be opened or written; playback has stopped.
    case outputFailed(AudioError)
    /// Every queued track has been played out and heard.
    case idle
    /// Where playback is, after each write to the output; sent only while asked for with
    /// `AudioPipeline.setReportsPosition(true)` (a scan's jumps follow it).
    case position(PlaybackPosition)
}

/// The played position, as the output thread last saw it.
public struct PlaybackPosition: Sendable, Equatable {
    /// The track being heard, if any.
    public var trackID: Int?
    /// Frames of it heard so far (written minus still buffered in the device), at `sampleRate`.
    public var frames: Int
    /// The output rate.
    public var sampleRate: Int

    /// Creates a position.
    public init(trackID: Int?, frames: Int, sampleRate: Int) {
        self.trackID = trackID
        self.frames = frames
        self.sampleRate = sampleRate
    }

    /// Seconds heard.
    public var seconds: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}
