//! 救援 Jiuyuan — 孙权.
//!
//! 主公技，锁定技，其他吴势力角色对你使用【桃】时，你额外回复1点体力。
//! Lord skill, compulsory: when another Wu character uses a Peach on you, you recover 1 extra HP.
//!
//! Another character can only use a 桃 on 孙权 while he is dying, so this only ever adds to a
//! rescue. His own 桃 and those of non-Wu characters heal the usual 1. As a lord skill it only
//! works while 孙权 is the lord (`Game::skills_of` filters it otherwise).

use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::{Kingdom, Seat};

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        lord: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        peach_bonus: Some(peach_bonus),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Jiuyuan,
        "救援",
        "Jiuyuan",
        "主公技，锁定技，其他吴势力角色对你使用【桃】时，你额外回复1点体力。",
        "Lord skill, compulsory: when another Wu character uses a Peach on you, you recover 1 extra HP.",
    )
};

fn peach_bonus(game: &Game, owner: Seat, use_id: usize) -> u8 {
    let user = game.card_use(use_id).user;
    u8::from(user != owner && game.seat(user).kingdom == Kingdom::Wu)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::seat::Role::*;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// 孙权 (seat 0, `role`) at 1 HP is hit by seat 1's 杀 and dies unless saved; seat 2 plays
    /// `saver` and holds a 桃, 孙权 holds one too.
    fn dying_sunquan(role: Role, saver: GeneralId) -> Check {
        let roles = match role {
            Lord => [Lord, Rebel, Loyalist, Renegade],
            _ => [role, Rebel, Lord, Loyalist],
        };
        let mut s = table(&roles);
        seat(&mut s, 0).general = GeneralId::Sunquan;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 2).general = saver;
        seat(&mut s, 2).hand = cards(&[Peach]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]).pass(0);
        // Dying: asked from the current seat (1), then 2.
        c.pass(1);
        c
    }

    #[test]
    fn another_wu_characters_peach_heals_two() {
        let mut c = dying_sunquan(Lord, GeneralId::Ganning);
        c.card(2, Peach, &[]);
        assert_eq!(c.hp(0), 2);
        assert!(c.alive(0));
    }

    #[test]
    fn non_wu_peach_heals_one() {
        let mut c = dying_sunquan(Lord, GeneralId::Huatuo);
        c.card(2, Peach, &[]);
        assert_eq!(c.hp(0), 1);
    }

    #[test]
    fn his_own_peach_heals_one() {
        let mut c = dying_sunquan(Lord, GeneralId::Ganning);
        c.pass(2).pass(3).card(0, Peach, &[]);
        assert_eq!(c.hp(0), 1);
    }

    #[test]
    fn only_while_sunquan_is_the_lord() {
        let mut c = dying_sunquan(Rebel, GeneralId::Ganning);
        c.card(2, Peach, &[]);
        assert_eq!(c.hp(0), 1);
    }

    #[test]
    fn never_above_max_hp() {
        // A 桃 from a Wu character on a 孙权 at 0 HP with max HP 1 still leaves him at 1.
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).general = GeneralId::Sunquan;
        seat(&mut s, 0).max_hp = Some(1);
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 2).general = GeneralId::Daqiao;
        seat(&mut s, 2).hand = cards(&[Peach]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, Slash, &[0]).pass(0).pass(1).card(2, Peach, &[]);
        assert_eq!(c.hp(0), 1);
    }
}
