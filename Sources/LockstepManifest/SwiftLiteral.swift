/// Text pasted into a manifest is written as a Swift string literal, so no value (a URL from `lockstep.yml`,
/// a version) can end the literal early and add code to the build copy or the pin commit.
public enum SwiftLiteral {
    /// `value` as a double-quoted Swift string literal that evaluates to exactly `value`.
    public static func string(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            default:
                // Every other control or invisible formatting character as \u{…}: a literal may not hold
                // raw control characters, and invisible ones would hide what the manifest says.
                let category = scalar.properties.generalCategory
                if scalar.value < 0x20 || scalar.value == 0x7F || category == .control || category == .format
                    || category == .lineSeparator || category == .paragraphSeparator
                {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
