//! Reading records of format 1 (engine 0.1.0, before rulesets). Their setup named the standard
//! game through flags — `ex_cards`, `generals: standard | none`, `role_table`, `offered`,
//! `lord_extra` — which map onto a ruleset of identity mode, the standard card pack (its `ex`
//! option) and the standard general pack (or none). Their games were played by version 1 of all
//! of these, which is what a converted record names; the card table of the standard pack is the
//! one format 1 used, so actions need no translation.

use serde_json::Value;

use crate::error::SetupError;
use crate::record::{ReplayError, RulesVersion, Setup, CORE};
use crate::ruleset::{Options, PackChoice, Ruleset};

/// The format this module reads.
pub const VERSION: u32 = 1;

fn bad(what: impl Into<String>) -> ReplayError {
    ReplayError::Setup(SetupError::Invalid(what.into()))
}

/// The ruleset a format-1 setup meant: identity, the standard cards (`ex_cards` → option `ex`),
/// the standard generals unless `generals` was `none`, the role table and selection numbers as
/// mode options.
fn ruleset(value: &Value, with_generals: bool) -> Ruleset {
    let mut cards = PackChoice::new("standard");
    let ex = value
        .get("ex_cards")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    if !ex {
        cards.options = Options::default().with("ex", false);
    }
    let mut ruleset = Ruleset {
        cards: vec![cards],
        ..Ruleset::standard()
    };
    if !with_generals {
        ruleset = ruleset.white();
    }
    if let Some(table) = value.get("role_table").and_then(Value::as_str) {
        if table != "standard" {
            ruleset = ruleset.with_option("role_table", table);
        }
    }
    for (field, default) in [("offered", 0), ("lord_extra", 2)] {
        if let Some(n) = value.get(field).and_then(Value::as_i64) {
            if n != default {
                ruleset = ruleset.with_option(field, n);
            }
        }
    }
    ruleset
}

/// Converts a format-1 setup (`{"kind": "config" | "scenario", "value": …}`), returning it with
/// the rules versions its game was played by.
pub fn setup(mut setup: Value) -> Result<(Setup, Vec<RulesVersion>), ReplayError> {
    let kind = setup
        .get("kind")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("a format 1 setup without a kind"))?
        .to_string();
    let mut value = setup
        .get_mut("value")
        .map(Value::take)
        .ok_or_else(|| bad("a format 1 setup without a value"))?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| bad("a format 1 setup that is not an object"))?;
    let generals = match kind.as_str() {
        "config" => object.get("generals").and_then(Value::as_str) != Some("none"),
        // A scenario names its seats' generals; the standard pack was the only one.
        _ => true,
    };
    let ruleset = ruleset(&Value::Object(object.clone()), generals);
    for legacy in [
        "ex_cards",
        "generals",
        "role_table",
        "offered",
        "lord_extra",
    ] {
        object.remove(legacy);
    }
    object.insert(
        "ruleset".into(),
        serde_json::to_value(&ruleset).map_err(|e| bad(e.to_string()))?,
    );
    let setup: Setup = serde_json::from_value(serde_json::json!({"kind": kind, "value": value}))
        .map_err(|e| bad(format!("a format 1 setup: {e}")))?;
    let mut rules = vec![
        RulesVersion {
            id: CORE.to_string(),
            version: 1,
        },
        RulesVersion {
            id: "mode/identity".to_string(),
            version: 1,
        },
        RulesVersion {
            id: "cards/standard".to_string(),
            version: 1,
        },
    ];
    if generals {
        rules.push(RulesVersion {
            id: "generals/standard".to_string(),
            version: 1,
        });
    }
    Ok((setup, rules))
}

/// Converts a format-1 scenario (a practice room's stored table) to the current form.
pub fn scenario(value: Value) -> Result<crate::scenario::Scenario, ReplayError> {
    let wrapped = serde_json::json!({"kind": "scenario", "value": value});
    match setup(wrapped)?.0 {
        Setup::Scenario(scenario) => Ok(*scenario),
        Setup::Config(_) => Err(bad("not a scenario")),
    }
}
