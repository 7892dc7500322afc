//! 缠怨 Chanyuan [锁定技] — given by 于吉's 蛊惑 to a character whose challenge was wrong.
//!
//! 锁定技，你不能质疑"蛊惑"；当你的体力值为1时，你的其他武将技能无效。
//! Compulsory: you cannot challenge 蛊惑; while your HP is exactly 1, your other general skills
//! have no effect.
//!
//! W-CHANYUAN-1: permanent; at HP 1 the holder's other general skills (compulsory and lord skills
//! included, equipment not) are left out of every query (`SkillDef::silences`); at any other HP
//! they work. 蛊惑 skips holders when it asks for challenges.

use crate::def::skill::{SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    silences: Some(at_one_hp),
    ..SkillDef::named(
        SkillId::Chanyuan,
        "缠怨",
        "Chanyuan",
        "锁定技，你不能质疑“蛊惑”；当你的体力值为1时，你的其他武将技能无效。",
        "Compulsory: you cannot challenge Guhuo; while your HP is 1, your other general skills have no effect.",
    )
};

fn at_one_hp(game: &Game, owner: Seat) -> bool {
    game.hp(owner) == 1
}

#[cfg(test)]
mod tests {
    use crate::ids::{GeneralId, SkillId};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    #[test]
    fn w_chanyuan_1_at_one_hp_the_other_skills_are_invalid() {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 1).general = GeneralId::Machao;
        seat(&mut s, 1).gained = vec![SkillId::Chanyuan];
        seat(&mut s, 1).hp = Some(1);
        let c = Check::new(s);
        assert!(!c.game.has_skill(Seat(1), SkillId::Mashu));
        assert!(c.game.has_skill(Seat(1), SkillId::Chanyuan));
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        seat(&mut s, 1).general = GeneralId::Machao;
        seat(&mut s, 1).gained = vec![SkillId::Chanyuan];
        seat(&mut s, 1).hp = Some(2);
        let c = Check::new(s);
        assert!(c.game.has_skill(Seat(1), SkillId::Mashu));
    }
}
