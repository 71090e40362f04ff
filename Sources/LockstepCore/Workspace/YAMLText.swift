import Foundation

/// Text Lockstep writes into its YAML files (`lockstep.yml` from `init`, `lockstep-baseline.yml`).
public enum YAMLText {
    /// A YAML double-quoted scalar for any text (control and invisible line-breaking characters escaped, so one
    /// entry stays one line and reads back as exactly `text`).
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
