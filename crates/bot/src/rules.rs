//! The engine's registered definitions, as the AI looks them up: a card kind's category and
//! range, a skill's tags and conversion, a general's roster row. The AI sits above the engine's
//! content layer, so it reads the engine's own registry (`sgs_engine::REGISTRY`); a game's card
//! faces come from its view (`View::deck`).

use sgs_engine::def::{CardDef, General, SkillDef};
use sgs_engine::{CardKind, Category, GeneralId, SkillId, Slot, REGISTRY};

/// What the rules say of a card kind.
pub trait KindRules {
    fn def(&self) -> &'static CardDef;
    fn category(&self) -> Category;
    fn slot(&self) -> Option<Slot>;
    fn is_trick(&self) -> bool;
}

impl KindRules for CardKind {
    fn def(&self) -> &'static CardDef {
        REGISTRY.card_def(*self)
    }

    fn category(&self) -> Category {
        self.def().category
    }

    fn slot(&self) -> Option<Slot> {
        self.def().category.slot()
    }

    fn is_trick(&self) -> bool {
        self.def().category.is_trick()
    }
}

/// What the rules say of a skill.
pub trait SkillRules {
    fn def(&self) -> &'static SkillDef;
}

impl SkillRules for SkillId {
    fn def(&self) -> &'static SkillDef {
        REGISTRY.skill_def(*self)
    }
}

/// A general's roster row.
pub trait GeneralRules {
    fn general(&self) -> &'static General;
}

impl GeneralRules for GeneralId {
    fn general(&self) -> &'static General {
        REGISTRY.general(*self)
    }
}
