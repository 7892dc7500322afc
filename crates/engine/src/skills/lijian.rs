//! 离间 Lijian — 貂蝉.
//!
//! 出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张不能被【无懈可击】响应的【决斗】。
//! Once per play phase, discard a card and choose two other male characters: the second is treated as using an unnullifiable Duel on the first.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Lijian, "离间", "Lijian", "出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张不能被【无懈可击】响应的【决斗】。", "Once per play phase, discard a card and choose two other male characters: the second is treated as using an unnullifiable Duel on the first.")
};
