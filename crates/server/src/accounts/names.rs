//! Account names: what is shown ([`display`]) and what must be unique ([`key`]).
//!
//! The key folds every difference a reader cannot be trusted to see: width and compatibility
//! forms (NFKC, already in the display form), case (Unicode lower case), characters that look
//! alike across scripts (Cyrillic and Greek letters shaped like Latin ones, digits shaped like
//! letters, `I`/`l`/`1`/`|`), and separators (spaces, `_`, `-`, `.`, `·`). So `CaoCao`,
//! `ｃａｏ＿ｃａｏ`, `Ca0 Cao` and `Cао Cао` (Cyrillic `о`) are one name. The table is
//! deliberately small — the look-alikes that matter for Latin and CJK names — and not Unicode's
//! whole confusables list.

/// Longest account name, in characters.
pub const MAX_NAME: usize = 24;

/// Words no name may contain (compared as keys): impersonation of the server's staff, and a
/// few slurs and insults in Chinese and English. The operator can add more (`--banned-words`).
pub const BANNED: &[&str] = &[
    "admin",
    "moderator",
    "管理员",
    "系统",
    "官方",
    "fuck",
    "shit",
    "nigger",
    "faggot",
    "傻逼",
    "煞笔",
    "草泥马",
    "操你",
    "尼玛",
    "日你",
];

/// Why a name cannot be an account's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing left once cleaned.
    #[error("a name needs at least one visible character")]
    Empty,
    /// Longer than [`MAX_NAME`].
    #[error("a name has at most {MAX_NAME} characters")]
    TooLong,
    /// It contains a banned word.
    #[error("this name is not allowed")]
    Offensive,
}

impl NameError {
    /// The stable code on the wire.
    pub fn code(&self) -> &'static str {
        match self {
            NameError::Empty | NameError::TooLong => "bad_name",
            NameError::Offensive => "name_offensive",
        }
    }
}

/// The name as shown: NFKC, no invisible characters, spaces collapsed (`text::clean_name`).
pub fn display(name: &str) -> Result<String, NameError> {
    let cleaned = crate::text::clean_name(name, MAX_NAME + 1);
    match cleaned.chars().count() {
        0 => Err(NameError::Empty),
        n if n > MAX_NAME => Err(NameError::TooLong),
        _ => Ok(cleaned),
    }
}

/// The name's identity: two names with the same key are the same name.
pub fn key(name: &str) -> String {
    crate::text::clean_name(name, usize::MAX)
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(fold)
        .collect()
}

/// One character of a key: separators vanish, look-alikes become one letter.
fn fold(c: char) -> Option<char> {
    Some(match c {
        ' ' | '_' | '-' | '.' | '·' | '・' | '\'' => return None,
        '0' | 'о' | 'ο' | 'σ' => 'o',
        '1' | 'i' | 'l' | '|' | '!' | 'і' | 'ι' | 'ӏ' => 'l',
        '5' | 'ѕ' => 's',
        'а' | 'α' | '@' => 'a',
        'е' | 'ε' | 'ё' => 'e',
        'р' | 'ρ' => 'p',
        'с' | 'ϲ' => 'c',
        'у' | 'γ' => 'y',
        'х' | 'χ' => 'x',
        'к' | 'κ' => 'k',
        'м' => 'm',
        'н' | 'η' => 'n',
        'т' | 'τ' => 't',
        'в' | 'β' => 'b',
        'ν' => 'v',
        'ј' => 'j',
        'ԁ' => 'd',
        'ɡ' => 'g',
        'ω' | 'ш' => 'w',
        other => other,
    })
}

/// Is `name` (or anything it folds to) free of the banned words and `extra`?
pub fn check(name: &str, extra: &[String]) -> Result<(), NameError> {
    let name = key(name);
    let banned = BANNED
        .iter()
        .copied()
        .chain(extra.iter().map(String::as_str));
    for word in banned {
        let word = key(word);
        if !word.is_empty() && name.contains(&word) {
            return Err(NameError::Offensive);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_have_one_key() {
        let same = [
            "CaoCao",
            "caocao",
            "ｃａｏ＿ｃａｏ",
            "Ca0 Cao",
            "Cао Cао",
            "CAO-CAO",
            "cao\u{200B}cao",
        ];
        for name in same {
            assert_eq!(key(name), key("CaoCao"), "{name}");
        }
        assert_eq!(key("Iiya"), key("l1ya"));
        assert_ne!(key("曹操"), key("曹丕"));
        assert_eq!(key("曹操"), "曹操");
        assert_ne!(key("caocao"), key("caocaoa"));
    }

    #[test]
    fn display_names_are_cleaned_and_bounded() {
        assert_eq!(display("  孔明\u{202E} ").as_deref(), Ok("孔明"));
        assert_eq!(display("\u{200B} "), Err(NameError::Empty));
        assert_eq!(display(&"a".repeat(25)), Err(NameError::TooLong));
        assert_eq!(display(&"a".repeat(24)).map(|n| n.len()), Ok(24));
    }

    #[test]
    fn banned_words_are_found_through_their_disguises() {
        assert_eq!(check("Adm1n", &[]), Err(NameError::Offensive));
        assert_eq!(check("the_ADMIN_", &[]), Err(NameError::Offensive));
        assert_eq!(check("我是管理员", &[]), Err(NameError::Offensive));
        assert_eq!(check("孔明", &[]), Ok(()));
        assert_eq!(
            check("badword", &["BAD word".into()]),
            Err(NameError::Offensive)
        );
        assert_eq!(NameError::Offensive.code(), "name_offensive");
    }
}
