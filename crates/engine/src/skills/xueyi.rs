//! 血裔 Xueyi — 袁绍 [主公技][锁定技].
//!
//! 主公技，锁定技，你的手牌上限+2X（X为其他存活的群雄角色数）。
//! Lord skill, compulsory: your hand limit is increased by 2 for each other living Qun character.
//!
//! W-XUEYI-1: counted whenever the hand limit is read (the discard phase), by each seat's playing
//! kingdom (a god that chose 群 counts); only while 袁绍 is the lord (the machinery drops lord
//! skills otherwise).

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
        hand_limit: Some(bonus),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Xueyi,
        "血裔",
        "Xueyi",
        "主公技，锁定技，你的手牌上限+2X（X为其他存活的群雄角色数）。",
        "Lord skill, compulsory: your hand limit is increased by 2 for each other living Qun character.",
    )
};

fn bonus(game: &Game, owner: Seat) -> i32 {
    let qun = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.seat(*s).kingdom == Kingdom::Qun)
        .count();
    2 * qun as i32
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 袁绍 at 1 HP with six cards ends his play phase; seats 1 and 2 are 群 (吕布, 貂蝉).
    fn yuanshao(lord: bool) -> Check {
        let roles = if lord {
            [Lord, Rebel, Rebel, Loyalist]
        } else {
            [Rebel, Rebel, Loyalist, Lord]
        };
        let mut s = with_pack(table(&roles), "fire");
        s.current = Some(crate::seat::Seat(0));
        seat(&mut s, 0).general = GeneralId::Yuanshao;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[Jink, Jink, Jink, Jink, Jink, Jink]);
        seat(&mut s, 1).general = GeneralId::Lvbu;
        seat(&mut s, 2).general = GeneralId::Diaochan;
        seat(&mut s, 3).general = GeneralId::Liubei;
        let mut c = Check::new(s);
        c.pass(0);
        c
    }

    #[test]
    fn w_xueyi_1_two_more_for_each_other_living_qun_character() {
        // 1 + 2 × 2 = 5: one card to discard.
        let c = yuanshao(true);
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 1 }));
    }

    #[test]
    fn w_xueyi_1_only_while_he_is_the_lord() {
        let c = yuanshao(false);
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 5 }));
    }

    /// W-XUEYI-1 with W-MECH-GOD-1: a god who chose 群 is a 群 character for 血裔.
    #[test]
    fn w_xueyi_1_a_god_who_chose_qun_counts() {
        use crate::action::Action;
        use crate::config::GameConfig;
        use crate::game::Game;
        use crate::ruleset::Ruleset;
        use crate::seat::{Kingdom, Seat};
        let limit_with = |kingdom: Kingdom| {
            let mut ruleset = Ruleset::standard();
            ruleset.generals = vec!["fire".to_string(), "god".to_string()];
            let mut config = GameConfig::new(2, ruleset);
            config.seat_generals = vec![Some(GeneralId::Yuanshao), Some(GeneralId::ShenGuanyu)];
            // A seed that makes 袁绍 (seat 0) the lord.
            let mut game = (0..50)
                .filter_map(|seed| Game::new(config.clone(), seed).ok())
                .find(|g| g.role(Seat(0)) == Lord)
                .expect("a seed with 袁绍 as lord");
            let prompt = game.prompts()[0].clone();
            assert_eq!(prompt.kind, PromptKind::ChooseKingdom);
            let index = Kingdom::CHOOSABLE
                .iter()
                .position(|k| *k == kingdom)
                .unwrap_or_default() as u8;
            if let Err(e) = game.act(prompt.seat, Action::Option { index }) {
                panic!("{e}");
            }
            assert_eq!(game.seat(Seat(1)).kingdom, kingdom);
            game.hand_limit(Seat(0)) as i32 - i32::from(game.hp(Seat(0)))
        };
        assert_eq!(limit_with(Kingdom::Qun), 2, "the god chose 群");
        assert_eq!(limit_with(Kingdom::Shu), 0);
    }
}
