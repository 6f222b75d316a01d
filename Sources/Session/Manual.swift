/// scdoc's markup for text from the tables.
public enum Manual {
    /// `text` with the characters scdoc reads as markup (`\`, `*`, `_`) escaped, so it shows as written.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == "*" || character == "_" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
