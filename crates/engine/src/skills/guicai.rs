//! 鬼才 Guicai — 司马懿.
//!
//! 在一名角色的判定牌生效前，你可以打出一张手牌代替之。
//! Before any character's judgment card takes effect, you may play a hand card to replace it.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Guicai, "鬼才", "Guicai", "在一名角色的判定牌生效前，你可以打出一张手牌代替之。", "Before any character's judgment card takes effect, you may play a hand card to replace it.")
};
