//! 救援 Jiuyuan — 孙权.
//!
//! 主公技，锁定技，其他吴势力角色对你使用【桃】时，你额外回复1点体力。
//! Lord skill, compulsory: when another Wu character uses a Peach on you, you recover 1 extra HP.

use crate::skills::{SkillDef, SkillId, Tags};

pub static DEF: SkillDef = SkillDef {
    tags: Tags { compulsory: true, lord: true, per_phase: 0 },
    ..SkillDef::named(SkillId::Jiuyuan, "救援", "Jiuyuan", "主公技，锁定技，其他吴势力角色对你使用【桃】时，你额外回复1点体力。", "Lord skill, compulsory: when another Wu character uses a Peach on you, you recover 1 extra HP.")
};
