//! 黄天 Huangtian — 张角 [主公技].
//!
//! 主公技，其他群雄角色可以在其出牌阶段内将一张【闪】或【闪电】（正面朝上）交给你。每阶段限一次。
//! Lord skill: once in each of its play phases, each other Qun character may give you a Jink or a
//! Lightning from its hand, face up.
//!
//! W-HUANGTIAN-1: only while 张角 is the lord (the machinery drops lord skills otherwise); the
//! action is the giver's (`SkillDef::lent`), counted once per its play phase; a gift, not a use.

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Limit, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::{Kingdom, Seat};
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: crate::def::skill::Tags {
        lord: true,
        ..crate::def::skill::Tags::NONE
    },
    lent: Some(gifts),
    limit: Some(Limit::ONCE_PER_PHASE),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Huangtian,
        "黄天",
        "Huangtian",
        "主公技，其他群雄角色可以在其出牌阶段内将一张【闪】或【闪电】（正面朝上）交给你。每阶段限一次。",
        "Lord skill: once in each of its play phases, each other Qun character may give you a Jink or a Lightning from its hand, face up.",
    )
};

/// What `giver` may give 张角 (`owner`): each 闪 or 闪电 in its hand.
fn gifts(game: &Game, owner: Seat, giver: Seat) -> Vec<Action> {
    if giver == owner || game.seat(giver).kingdom != Kingdom::Qun {
        return Vec::new();
    }
    game.hand(giver)
        .iter()
        .filter(|c| matches!(game.card(**c).kind, CardKind::Jink | CardKind::Lightning))
        .map(|c| Action::Skill {
            skill: SkillId::Huangtian,
            cards: vec![*c],
            targets: vec![owner],
        })
        .collect()
}

/// The giver (the frame's owner) hands the card to 张角, face up.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&lord) = frame.seats.first() else {
        return Step::Done;
    };
    game.invoke(frame.owner, SkillId::Huangtian, vec![lord]);
    game.move_cards_shown(&frame.cards, Zone::Hand(lord));
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId, SkillId};
    use crate::seat::Role::{self, *};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 张角 in seat 0 as `role`; seat 1 (a 群 general, 吕布) in its play phase holds a 闪.
    fn gift(roles: &[Role]) -> Check {
        let mut s = with_pack(table(roles), "wind");
        s.current = Some(Seat(1));
        let zhangjiao = roles.iter().position(|r| *r == Lord).map_or(0, |_| 0);
        seat(&mut s, zhangjiao as u8).general = GeneralId::Zhangjiao;
        seat(&mut s, 1).general = GeneralId::Lvbu;
        seat(&mut s, 1).hand = cards(&[Jink, Slash]);
        Check::new(s)
    }

    fn give(c: &Check) -> Action {
        Action::Skill {
            skill: SkillId::Huangtian,
            cards: vec![c.hand_card(1, Jink)],
            targets: vec![Seat(0)],
        }
    }

    #[test]
    fn w_huangtian_1_a_qun_character_gives_the_lord_a_jink_once_a_phase() {
        let mut c = gift(&[Lord, Rebel]);
        let action = give(&c);
        c.act(1, action.clone());
        assert_eq!(c.hand(0), vec![Jink]);
        assert!(c.prompt(1).is_play());
        assert!(!c.prompt(1).legal_actions(100).iter().any(|a| matches!(
            a,
            Action::Skill {
                skill: SkillId::Huangtian,
                ..
            }
        )));
    }

    #[test]
    fn w_huangtian_1_only_while_zhangjiao_is_the_lord() {
        let c = gift(&[Rebel, Lord]);
        assert!(!c.allows(1, &give(&c)));
    }
}
