//! [`OptionDef`]: an option a mode or a pack declares — its id, names, kind and default. The
//! catalog lists them, the lobby builds its form from them, and setup checks a ruleset's values
//! against them ([`check`]) and reads them with their defaults ([`flag`], [`number`], [`choice`]).

use crate::ruleset::{OptionValue, Options};

/// One declared option.
pub struct OptionDef {
    pub id: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    /// One line saying what the option does, for the lobby beside its input (required: an
    /// option nobody can explain is not offered).
    pub text_zh: &'static str,
    pub text_en: &'static str,
    pub kind: OptionKind,
}

/// What values an option takes, and its default.
pub enum OptionKind {
    /// On or off.
    Flag { default: bool },
    /// A whole number in `min..=max`.
    Number { min: i64, max: i64, default: i64 },
    /// One of these named choices.
    Choice {
        choices: &'static [ChoiceDef],
        default: &'static str,
    },
}

/// One named choice of an [`OptionKind::Choice`].
pub struct ChoiceDef {
    pub id: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
}

impl OptionDef {
    /// The default value.
    pub fn default_value(&self) -> OptionValue {
        match &self.kind {
            OptionKind::Flag { default } => OptionValue::Flag(*default),
            OptionKind::Number { default, .. } => OptionValue::Number(*default),
            OptionKind::Choice { default, .. } => OptionValue::Choice(default.to_string()),
        }
    }

    /// Why `value` is not a value of this option, if it is not.
    fn refuse(&self, value: &OptionValue) -> Option<String> {
        match (&self.kind, value) {
            (OptionKind::Flag { .. }, OptionValue::Flag(_)) => None,
            (OptionKind::Number { min, max, .. }, OptionValue::Number(n)) => (n < min || n > max)
                .then(|| format!("option {} is {n}, outside {min}..={max}", self.id)),
            (OptionKind::Choice { choices, .. }, OptionValue::Choice(c)) => {
                (!choices.iter().any(|d| d.id == c)).then(|| {
                    let known: Vec<&str> = choices.iter().map(|d| d.id).collect();
                    format!("option {} is {c:?}, not one of {known:?}", self.id)
                })
            }
            _ => Some(format!("option {} has a value of the wrong kind", self.id)),
        }
    }
}

/// Checks `options` against `defs`: every option known, every value of its kind and range.
pub fn check(defs: &[OptionDef], options: &Options, owner: &str) -> Result<(), String> {
    for (id, value) in &options.0 {
        let def = defs
            .iter()
            .find(|d| d.id == id)
            .ok_or_else(|| format!("{owner} has no option {id:?}"))?;
        if let Some(why) = def.refuse(value) {
            return Err(format!("{owner}: {why}"));
        }
    }
    Ok(())
}

fn value(defs: &[OptionDef], options: &Options, id: &str) -> Option<OptionValue> {
    options.get(id).cloned().or_else(|| {
        defs.iter()
            .find(|d| d.id == id)
            .map(OptionDef::default_value)
    })
}

/// The value of switch `id` (its default when not set; `false` for an undeclared id).
pub fn flag(defs: &[OptionDef], options: &Options, id: &str) -> bool {
    matches!(value(defs, options, id), Some(OptionValue::Flag(true)))
}

/// The value of number `id` (its default when not set; 0 for an undeclared id).
pub fn number(defs: &[OptionDef], options: &Options, id: &str) -> i64 {
    match value(defs, options, id) {
        Some(OptionValue::Number(n)) => n,
        _ => 0,
    }
}

/// The value of choice `id` (its default when not set; empty for an undeclared id).
pub fn choice(defs: &[OptionDef], options: &Options, id: &str) -> String {
    match value(defs, options, id) {
        Some(OptionValue::Choice(c)) => c,
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFS: &[OptionDef] = &[
        OptionDef {
            id: "ex",
            name_zh: "EX",
            name_en: "EX",
            text_zh: "测试",
            text_en: "Test",
            kind: OptionKind::Flag { default: true },
        },
        OptionDef {
            id: "offered",
            name_zh: "候选",
            name_en: "Offered",
            text_zh: "测试",
            text_en: "Test",
            kind: OptionKind::Number {
                min: 0,
                max: 5,
                default: 0,
            },
        },
        OptionDef {
            id: "table",
            name_zh: "身份表",
            name_en: "Role table",
            text_zh: "测试",
            text_en: "Test",
            kind: OptionKind::Choice {
                choices: &[
                    ChoiceDef {
                        id: "standard",
                        name_zh: "标准",
                        name_en: "Standard",
                    },
                    ChoiceDef {
                        id: "variant",
                        name_zh: "变体",
                        name_en: "Variant",
                    },
                ],
                default: "standard",
            },
        },
    ];

    #[test]
    fn defaults_apply_until_set_and_bad_values_are_refused() {
        let none = Options::default();
        assert!(flag(DEFS, &none, "ex"));
        assert_eq!(number(DEFS, &none, "offered"), 0);
        assert_eq!(choice(DEFS, &none, "table"), "standard");
        let set = Options::default()
            .with("ex", false)
            .with("offered", 2)
            .with("table", "variant");
        assert!(check(DEFS, &set, "pack").is_ok());
        assert!(!flag(DEFS, &set, "ex"));
        assert_eq!(number(DEFS, &set, "offered"), 2);
        assert_eq!(choice(DEFS, &set, "table"), "variant");
        for bad in [
            Options::default().with("nope", true),
            Options::default().with("ex", 1),
            Options::default().with("offered", 9),
            Options::default().with("table", "other"),
        ] {
            assert!(check(DEFS, &bad, "pack").is_err(), "{bad:?}");
        }
    }
}
