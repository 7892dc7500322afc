//! 奋迅 Fenxun — 丁奉 (国战, H-SK-fenxun).
//!
//! 出牌阶段限一次，你可以弃置一张牌并选择一名其他角色，然后本回合你计算与其的距离视为1。
//! Once per play phase, you may discard a card (hand or equipped) and choose another character:
//! your distance to it is 1 until the end of this turn.
//!
//! The chosen seat is this turn's mark (its index + 1), so it lapses with the turn.

use crate::action::Action;
use crate::def::skill::{Active, Limit, Modifiers, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active { can_use }),
    step: Some(step),
    modifiers: Modifiers {
        distance_from: Some(one_to_the_chosen),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Fenxun,
        "奋迅",
        "Fenxun",
        "出牌阶段限一次，你可以弃置一张牌并选择一名其他角色，然后本回合你计算与其的距离视为1。",
        "Once per play phase, discard a card and choose another character: your distance to it is 1 this turn.",
    )
};

fn own_cards(game: &Game, owner: Seat) -> Vec<crate::card::CardId> {
    game.table.seats[owner.index()].held().collect()
}

fn can_use(game: &Game, owner: Seat) -> bool {
    !own_cards(game, owner).is_empty()
}

/// Distance 1 to the seat chosen this turn (the distance is at least 1, so a large cut does it).
fn one_to_the_chosen(game: &Game, from: Seat, to: Seat) -> i32 {
    let chosen = game.turn.mark(SkillId::Fenxun);
    if game.turn.seat == from && chosen == to.0 + 1 {
        -(game.seat_count() as i32) - 8
    } else {
        0
    }
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 0 {
        frame.step = 1;
        let mut actions = Vec::new();
        for target in game.order_from(owner) {
            if target == owner || !game.is_alive(target) {
                continue;
            }
            for card in own_cards(game, owner) {
                actions.push(Action::Skill {
                    skill: SkillId::Fenxun,
                    cards: vec![card],
                    targets: vec![target],
                });
            }
        }
        actions.push(Action::Pass);
        let kind = PromptKind::Choose {
            cause: Cause::Skill(SkillId::Fenxun),
        };
        return Step::ask(Prompt::new(owner, kind, Choices::actions(actions)));
    }
    let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
        return Step::Done;
    };
    let Some(&target) = targets.first() else {
        return Step::Done;
    };
    game.invoke(owner, SkillId::Fenxun, targets.clone());
    game.discard(&cards);
    game.turn.set_mark(SkillId::Fenxun, target.0 + 1);
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-fenxun: 丁奉 discards a card for seat 3 (distance 3 of six): he may 杀 it this turn.
    #[test]
    fn h_sk_fenxun_distance_one_for_the_turn() {
        let mut s = table(&[
            (G::HegDingfeng, G::HegSunjian, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegLvbu, G::HegDiaochan, true, true),
            (G::HegZhangliao, G::HegXiahoudun, true, true),
            (G::HegZhangfei, G::HegZhaoyun, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash, Jink]);
        let mut c = Check::new(s);
        assert_eq!(c.game.distance(Seat(0), Seat(3)), 3);
        assert!(c.find_card(0, Slash, &[3]).is_none());
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Fenxun,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
        let jink = c.hand_card(0, Jink);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Fenxun,
                cards: vec![jink],
                targets: vec![Seat(3)],
            },
        );
        assert_eq!(c.game.distance(Seat(0), Seat(3)), 1);
        assert_eq!(c.game.distance(Seat(0), Seat(2)), 2, "only to the chosen");
        assert!(c.find_card(0, Slash, &[3]).is_some());
    }
}
