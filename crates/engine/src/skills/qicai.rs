//! 奇才 Qicai — 黄月英.
//!
//! 锁定技，你使用锦囊牌无距离限制。
//! Compulsory: your tricks have no distance limit (顺手牵羊 may target anyone; `cards/snatch.rs`
//! asks [`Game::ignores_distance`]). It does not touch 杀 or attack range.

use crate::card::UsedCard;
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        no_distance_limit: Some(is_trick),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Qicai,
        "奇才",
        "Qicai",
        "锁定技，你使用锦囊牌无距离限制。",
        "Compulsory: your tricks have no distance limit.",
    )
};

fn is_trick(game: &Game, _: Seat, card: &UsedCard) -> bool {
    game.card_def(card.kind).category.is_trick()
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::ids::GeneralId;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};

    fn far_target(general: GeneralId) -> Check {
        let mut s = table(&[
            Role::Lord,
            Role::Rebel,
            Role::Rebel,
            Role::Loyalist,
            Role::Renegade,
        ]);
        seat(&mut s, 0).general = general;
        seat(&mut s, 0).hand = cards(&[CardKind::Snatch, CardKind::Slash]);
        seat(&mut s, 2).hand = cards(&[CardKind::Peach]);
        Check::new(s)
    }

    #[test]
    fn snatch_reaches_any_distance() {
        let mut c = far_target(GeneralId::Huangyueying);
        // 集智 asks first; she declines.
        c.card(0, CardKind::Snatch, &[2]).pass(0).pass_windows();
        c.act(
            0,
            crate::action::Action::Pick {
                pick: crate::action::Pick::Hand { index: 0 },
            },
        );
        assert!(c.hand(0).contains(&CardKind::Peach));
        assert!(c.hand(2).is_empty());
    }

    #[test]
    fn it_does_not_extend_slash() {
        let c = far_target(GeneralId::Huangyueying);
        assert!(c.find_card(0, CardKind::Slash, &[2]).is_none());
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_some());
    }

    #[test]
    fn without_qicai_snatch_stays_at_distance_one() {
        let c = far_target(GeneralId::White);
        assert!(c.find_card(0, CardKind::Snatch, &[2]).is_none());
    }
}
