//! 突袭 Tuxi — 张辽.
//!
//! 摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。
//! In your draw phase, instead of drawing, you may take one hand card each from up to two other characters.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Tuxi, "突袭", "Tuxi", "摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。", "In your draw phase, instead of drawing, you may take one hand card each from up to two other characters.")
};
