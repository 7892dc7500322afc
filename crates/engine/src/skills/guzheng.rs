//! 固政 Guzheng — 张昭＆张纮 (山; 国战 the same, H-SK-guzheng).
//!
//! 其他角色的弃牌阶段结束时，你可以将弃牌堆里的一张其于此阶段内因弃置而失去的手牌交给该角色，然后你
//! 可以获得其余此阶段内弃置的牌。
//! At the end of another character's discard phase, you may give it back one of the cards it
//! lost from its hand by discarding during that phase that is now in the discard pile; if you
//! do, you may then obtain all other cards discarded during that phase still in the discard pile.
//!
//! The phase's hand cards are those the turn noted (`Turn::discarded_cards`); the cards are
//! public in the discard pile, so the choice is open. Giving one back and taking the rest are
//! two answers: the first names the card, the second (offered only when cards are left) says
//! whether he takes them.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseEnd,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Guzheng,
        "固政",
        "Guzheng",
        "其他角色的弃牌阶段结束时，你可以将弃牌堆里的一张其于此阶段内因弃置而失去的手牌交给该角色，然后你可以获得其余此阶段内弃置的牌。",
        "At the end of another character's discard phase, you may give it back one of the hand cards it discarded in that phase, then take the other cards discarded in that phase.",
    )
};

/// The phase's discarded hand cards still in the discard pile.
fn left(game: &Game) -> Vec<CardId> {
    game.turn
        .discarded_cards
        .iter()
        .copied()
        .filter(|c| game.table.zone_of(*c) == Zone::DiscardPile)
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Discard }
        if *seat != owner && game.is_alive(*seat))
        && !left(game).is_empty()
}

fn ask(game: &Game, _: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Phase { seat, .. } = data else {
        return None;
    };
    let mut actions: Vec<Action> = left(game)
        .into_iter()
        .map(|card| Action::Skill {
            skill: SkillId::Guzheng,
            cards: vec![card],
            targets: vec![*seat],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Guzheng),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { cards, targets, .. } = action else {
        return None;
    };
    let (Some(&card), Some(&to)) = (cards.first(), targets.first()) else {
        return None;
    };
    if game.table.zone_of(card) != Zone::DiscardPile {
        return None;
    }
    game.move_cards(&[card], Zone::Hand(to));
    Some(Frame::Skill(SkillFrame::new(SkillId::Guzheng, owner)))
}

/// Then: take the rest?
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 0 {
        if left(game).is_empty() || !game.is_alive(owner) {
            return Step::Done;
        }
        frame.step = 1;
        let yes = Action::Option { index: 0 };
        let kind = PromptKind::Choose {
            cause: Cause::Skill(SkillId::Guzheng),
        };
        return Step::ask(Prompt::new(
            owner,
            kind,
            Choices::actions(vec![yes, Action::Pass]),
        ));
    }
    if let Some((_, Action::Option { index: 0 })) = game.take_answer() {
        let rest = left(game);
        game.move_cards(&rest, Zone::Hand(owner));
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::Phase;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-guzheng: 曹操 discards 桃, 闪 and 杀 in his discard phase; 二张 gives him back the
    /// 杀 and takes the 桃 and the 闪.
    #[test]
    fn h_sk_guzheng_give_one_back_take_the_rest() {
        let mut s = table(&[
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegErzhang, G::HegLusu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        s.phase = Phase::Discard;
        seat(&mut s, 0).hp = Some(1);
        seat(&mut s, 0).hand = cards(&[Peach, Jink, Slash, Dismantlement]);
        let mut c = Check::new(s);
        let kept = c.hand_card(0, Dismantlement);
        let slash = c.hand_card(0, Slash);
        let gone: Vec<_> = c
            .game
            .hand(Seat(0))
            .iter()
            .copied()
            .filter(|id| *id != kept)
            .collect();
        c.act(0, Action::Cards { cards: gone });
        c.act(
            1,
            Action::Skill {
                skill: SkillId::Guzheng,
                cards: vec![slash],
                targets: vec![Seat(0)],
            },
        );
        c.act(1, Action::Option { index: 0 });
        let mut mine = c.hand(1);
        mine.sort();
        let mut want = vec![Peach, Jink];
        want.sort();
        assert_eq!(mine, want);
        assert!(c.game.hand(Seat(0)).contains(&slash));
        assert!(c.discard_pile().is_empty());
    }
}
