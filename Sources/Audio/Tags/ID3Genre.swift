/// ID3's genre numbers: ID3v1 stores one byte, and ID3v2's TCON may say "(8)", "8" or
/// "(8)Jazz"; these are the names those numbers stand for (ID3v1 0–79, Winamp's 80–191).
public enum ID3Genre {
    /// The name of genre `number`, nil when the number has none.
    public static func name(_ number: Int) -> String? {
        names.indices.contains(number) ? names[number] : nil
    }

    /// A TCON value with any genre numbers resolved: "(8)" → "Jazz", "17" → "Rock",
    /// "(8)Bebop" → "Bebop" (the text refines the number), "(RX)" → "Remix", "(CR)" → "Cover";
    /// other text as it is. Nil when nothing remains.
    public static func resolve(_ text: String) -> String? {
        guard let cleaned = TagText.clean(text) else { return nil }
        if cleaned.allSatisfy({ $0.isASCII && $0.isNumber }), cleaned.count <= 3, let number = Int(cleaned) {
            return name(number) ?? cleaned
        }
        guard cleaned.hasPrefix("(") else { return cleaned }
        // "(8)", "(8)(17)", "(8)Refinement", "((Parenthesised text" (an escaped "(").
        if cleaned.hasPrefix("((") { return TagText.clean(String(cleaned.dropFirst())) }
        var rest = Substring(cleaned)
        var first: String?
        while rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            let named: String? =
                switch inner {
                case "RX": "Remix"
                case "CR": "Cover"
                default: inner.count <= 3 ? Int(inner).flatMap(name) : nil
                }
            first = first ?? named
            rest = rest[rest.index(after: close)...]
        }
        if let refinement = TagText.clean(String(rest)) { return refinement }
        return first ?? cleaned
    }

    /// The names by number: index 0 is "Blues", 191 "Psybient".
    public static let names: [String] = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal", "New Age", "Oldies",
        "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial", "Alternative", "Ska", "Death Metal", "Pranks",
        "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop", "Vocal", "Jazz+Funk", "Fusion", "Trance", "Classical", "Instrumental",
        "Acid", "House", "Game", "Sound Clip", "Gospel", "Noise", "AlternRock", "Bass", "Soul", "Punk", "Space", "Meditative",
        "Instrumental Pop", "Instrumental Rock", "Ethnic", "Gothic", "Darkwave", "Techno-Industrial", "Electronic", "Pop-Folk",
        "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta", "Top 40", "Christian Rap", "Pop/Funk", "Jungle",
        "Native American", "Cabaret", "New Wave", "Psychadelic", "Rave", "Showtunes", "Trailer", "Lo-Fi", "Tribal", "Acid Punk",
        "Acid Jazz", "Polka", "Retro", "Musical", "Rock & Roll", "Hard Rock", "Folk", "Folk-Rock", "National Folk", "Swing",
        "Fast Fusion", "Bebob", "Latin", "Revival", "Celtic", "Bluegrass", "Avantgarde", "Gothic Rock", "Progressive Rock",
        "Psychedelic Rock", "Symphonic Rock", "Slow Rock", "Big Band", "Chorus", "Easy Listening", "Acoustic", "Humour", "Speech",
        "Chanson", "Opera", "Chamber Music", "Sonata", "Symphony", "Booty Bass", "Primus", "Porn Groove", "Satire", "Slow Jam",
        "Club", "Tango", "Samba", "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul", "Freestyle", "Duet", "Punk Rock",
        "Drum Solo", "A capella", "Euro-House", "Dance Hall", "Goa", "Drum & Bass", "Club-House", "Hardcore", "Terror", "Indie",
        "BritPop", "Negerpunk", "Polsk Punk", "Beat", "Christian Gangsta Rap", "Heavy Metal", "Black Metal", "Crossover",
        "Contemporary Christian", "Christian Rock", "Merengue", "Salsa", "Thrash Metal", "Anime", "JPop", "Synthpop", "Abstract",
        "Art Rock", "Baroque", "Bhangra", "Big Beat", "Breakbeat", "Chillout", "Downtempo", "Dub", "EBM", "Eclectic", "Electro",
        "Electroclash", "Emo", "Experimental", "Garage", "Global", "IDM", "Illbient", "Industro-Goth", "Jam Band", "Krautrock",
        "Leftfield", "Lounge", "Math Rock", "New Romantic", "Nu-Breakz", "Post-Punk", "Post-Rock", "Psytrance", "Shoegaze",
        "Space Rock", "Trop Rock", "World Music", "Neoclassical", "Audiobook", "Audio Theatre", "Neue Deutsche Welle", "Podcast",
        "Indie Rock", "G-Funk", "Dubstep", "Garage Rock", "Psybient",
    ]
}
