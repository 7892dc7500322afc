//! 铁骑 Tieqi — 马超.
//!
//! 当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。
//! After you target a character with a Slash, you may judge: if red, they cannot use a Jink against it.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Tieqi, "铁骑", "Tieqi", "当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。", "After you target a character with a Slash, you may judge: if red, they cannot use a Jink against it.")
};
