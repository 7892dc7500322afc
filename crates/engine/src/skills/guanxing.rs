//! 观星 Guanxing — 诸葛亮.
//!
//! 准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。
//! At the start of your preparation phase you may look at the top X cards (X = living characters, at most 5) and put them back on top and at the bottom in any order.

use crate::skills::{SkillDef, SkillId};

pub static DEF: SkillDef = SkillDef {
    ..SkillDef::named(SkillId::Guanxing, "观星", "Guanxing", "准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意数量的牌以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。", "At the start of your preparation phase you may look at the top X cards (X = living characters, at most 5) and put them back on top and at the bottom in any order.")
};
