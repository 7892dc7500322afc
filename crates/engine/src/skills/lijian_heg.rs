//! 离间 Lijian, 国战 text — 貂蝉 (国战, H-SK-lijian).
//!
//! 出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张【决斗】。
//! Once per play phase, you may discard a card and choose two other male characters: the second
//! chosen is treated as using a 决斗 on the first chosen.
//!
//! The identity 离间 (`lijian.rs`) forbids 无懈可击; the 国战 text has no such clause, so its 决斗
//! is an ordinary virtual 决斗 (O-8). A hidden character has no gender (H-HID-2) and cannot be
//! chosen.

use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::Seat;

use super::lijian;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::LijianHeg,
        "离间",
        "Lijian",
        "出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色，令后选择的角色视为对先选择的角色使用一张【决斗】。",
        "Once per play phase, discard a card and choose two other male characters: the second is treated as using a Duel on the first.",
    )
};

fn can_use(game: &Game, owner: Seat) -> bool {
    lijian::usable(game, owner, SkillId::LijianHeg)
}

/// 离间 with a 决斗 that 无懈可击 may answer (H-SK-lijian).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    lijian::sow_discord(game, frame, SkillId::LijianHeg, false)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-lijian (O-8): 国战 貂蝉's 决斗 may be nullified; a hidden character is not male.
    #[test]
    fn h_sk_lijian_the_duel_may_be_nullified() {
        let mut s = table(&[
            (G::HegDiaochan, G::HegLvbu, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
            (G::HegSunquan, G::HegZhoutai, false, false),
        ]);
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.skill(0, SkillId::LijianHeg);
        let peach = c.hand_card(0, Peach);
        c.act(0, Action::Cards { cards: vec![peach] });
        assert!(
            !c.allows(
                0,
                &Action::Seats {
                    seats: vec![Seat(1), Seat(3)]
                }
            ),
            "hidden seat 3 has no gender"
        );
        c.act(
            0,
            Action::Seats {
                seats: vec![Seat(1), Seat(2)],
            },
        );
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Nullify { .. })));
        c.card(1, Nullification, &[]);
        c.pass_windows();
        assert_eq!(c.hp(1), 4, "the 决斗 was nullified");
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }
}
