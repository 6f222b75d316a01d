extension Limits {
    /// The most bytes of one cover image accepted (a file, a tag's picture, a fetched body):
    /// real covers are well under 5 MB.
    public static let maxArtworkFileBytes = 16 << 20

    /// The widest or tallest cover accepted, read from the image's header before anything is
    /// decoded: 10,000×10,000 is damage or an attack on memory, not a cover.
    public static let maxArtworkSide = 5_000

    /// The most bytes a decoded cover may take (3 bytes a pixel, after any scaled JPEG decode):
    /// the decode buffer is sized from the header, so this caps what a header can make us allocate.
    public static let maxArtworkDecodedBytes = 24 << 20
}
