//! 洛神 Luoshen — 甄姬.
//!
//! 准备阶段开始时，你可以进行判定：若结果为黑色，判定牌生效后你获得之，然后你可以重复此流程。
//! At the start of your preparation phase you may judge: if black, you obtain the judgment card and may repeat.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Luoshen, "洛神", "Luoshen", "准备阶段开始时，你可以进行判定：若结果为黑色，判定牌生效后你获得之，然后你可以重复此流程。", "At the start of your preparation phase you may judge: if black, you obtain the judgment card and may repeat.")
};
