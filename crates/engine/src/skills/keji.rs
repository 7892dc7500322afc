//! 克己 Keji — 吕蒙.
//!
//! 若你未于出牌阶段内使用或打出过【杀】，你可以跳过弃牌阶段。
//! If you did not use or play a Slash during your play phase, you may skip your discard phase.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Keji, "克己", "Keji", "若你未于出牌阶段内使用或打出过【杀】，你可以跳过弃牌阶段。", "If you did not use or play a Slash during your play phase, you may skip your discard phase.")
};
