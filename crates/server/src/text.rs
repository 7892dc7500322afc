//! What people type and others read: display names, room names and chat lines. Names are
//! normalised (NFKC: full-width letters, ligatures and look-alike compatibility forms become
//! their plain forms), stripped of control, invisible and bidirectional-control characters,
//! and their spaces collapsed, so that two names that look the same are the same string.
//! Chat keeps the writer's text (NFC) but loses the same characters, except the zero-width
//! joiner that emoji sequences need.

use unicode_normalization::UnicodeNormalization;

/// Characters that show nothing (or reorder what follows): Unicode's format characters (Cf),
/// which include the bidirectional controls and zero-width spaces, and the other default
/// ignorable or blank-looking code points.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD
            | 0x034F
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x2800
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// A one-line name: NFKC, without control or invisible characters, runs of white space as one
/// space, trimmed, at most `max` characters.
pub fn clean_name(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut space = false;
    for c in text.nfkc() {
        if c.is_control() || is_invisible(c) {
            continue;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out.chars()
        .take(max)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// A chat line: NFC, without control or invisible characters (the zero-width joiner of emoji
/// sequences stays), trimmed.
pub fn clean_chat(text: &str) -> String {
    let text: String = text
        .nfc()
        .filter(|&c| !c.is_control() && (c == '\u{200D}' || !is_invisible(c)))
        .collect();
    text.trim().to_string()
}

/// The longest chat line, in characters.
pub const CHAT_MAX: usize = 500;

/// A chat line as it is sent on ([`clean_chat`]), or `None` when it is empty or too long.
pub fn chat_line(text: &str) -> Option<String> {
    let text = clean_chat(text);
    (!text.is_empty() && text.chars().count() <= CHAT_MAX).then_some(text)
}

/// The form two names are compared in (case folded).
pub fn name_key(name: &str) -> String {
    clean_name(name, usize::MAX).to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_what_cannot_be_seen() {
        assert_eq!(clean_name("  Cao\u{7}Cao ", 24), "CaoCao");
        assert_eq!(clean_name("Ali\u{200B}ce", 24), "Alice");
        assert_eq!(clean_name("\u{202E}ecilA", 24), "ecilA");
        assert_eq!(clean_name("Ａｌｉｃｅ", 24), "Alice", "full-width letters");
        assert_eq!(clean_name("a \u{3000}\u{00A0} b", 24), "a b");
        assert_eq!(clean_name("\u{3164}\u{115F}", 24), "");
        assert_eq!(clean_name("孔明", 24), "孔明");
        assert_eq!(name_key("ALICE\u{2066}"), name_key("alice"));
    }

    #[test]
    fn chat_keeps_its_text_but_not_controls() {
        assert_eq!(clean_chat(" gl \u{202E}hf "), "gl hf");
        assert_eq!(clean_chat("👨\u{200D}👩"), "👨\u{200D}👩");
        assert_eq!(clean_chat("a\nb"), "ab");
    }
}
