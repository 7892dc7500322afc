//! 双雄 Shuangxiong — 颜良文丑.
//!
//! 摸牌阶段开始时，你可以放弃摸牌，改为进行判定，当判定牌生效后，你获得之，然后你于此回合内可以将任意一张与该判定牌颜色不同的手牌当【决斗】使用。
//! At the start of your draw phase you may judge instead of drawing; after the judgment takes
//! effect you obtain the judgment card, and for the rest of this turn you may use any hand card
//! whose colour differs from that card's as a Duel.
//!
//! W-SHUANGXIONG-1: the colour is the final judgment card's (after retrials), noted for the turn
//! when the judgment takes effect; the card is obtained only if it is still in the processing
//! area then. W-SHUANGXIONG-2: the draw phase happens but draws nothing (the draw count becomes
//! 0); the 决斗 may be used any number of times; a colourless card is never converted.

use crate::action::Action;
use crate::card::{Card, CardKind, Color};
use crate::def::skill::{Ask, CardMode, SkillDef, SkillFrame, Trigger, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::DrawCount,
            can_trigger: own_draw,
            ask: Ask::Confirm,
            on_trigger: judge_instead,
        },
        Trigger {
            timing: Timing::Judged,
            can_trigger: own_judgment,
            ask: Ask::Never,
            on_trigger: obtain,
        },
    ],
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind,
        accepts: Some(other_colour),
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Shuangxiong,
        "双雄",
        "Shuangxiong",
        "摸牌阶段开始时，你可以放弃摸牌，改为进行判定，当判定牌生效后，你获得之，然后你于此回合内可以将任意一张与该判定牌颜色不同的手牌当【决斗】使用。",
        "At the start of your draw phase, you may judge instead of drawing: you obtain the judgment card, and this turn you may use any hand card of the other colour as a Duel.",
    )
};

/// The turn mark: the judgment card's colour (0 = none this turn).
const RED: u8 = 1;
const BLACK: u8 = 2;

fn own_draw(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner)
}

fn judge_instead(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Draw { count, .. } = data {
        *count = 0;
    }
    Some(Frame::Skill(SkillFrame::new(SkillId::Shuangxiong, owner)))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::Judge(JudgeFrame::new(
            frame.owner,
            Cause::Skill(SkillId::Shuangxiong),
        )));
    }
    game.take_reply();
    Step::Done
}

fn own_judgment(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Judged { seat, cause: Cause::Skill(SkillId::Shuangxiong), .. }
        if *seat == owner)
}

/// The judgment took effect: note its colour for the turn, and take the card if it is still
/// there.
fn obtain(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Judged { card, .. } = data else {
        return None;
    };
    let colour = match game.card_for(*card, owner).color() {
        Color::Red => RED,
        Color::Black => BLACK,
        Color::None => 0,
    };
    game.turn.set_mark(SkillId::Shuangxiong, colour);
    if game.table.zone_of(*card) == Zone::Processing {
        game.move_cards(&[*card], Zone::Hand(owner));
    }
    None
}

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    matches!(cards, [card] if card.color() != Color::None).then_some(CardKind::Duel)
}

/// A hand card of the colour the judgment card was not, this turn.
fn other_colour(game: &Game, owner: Seat, cards: &[Card]) -> bool {
    if game.turn.seat != owner {
        return false;
    }
    let colour = match cards {
        [card] if card.color() == Color::Red => RED,
        [card] if card.color() == Color::Black => BLACK,
        _ => return false,
    };
    let judged = game.turn.mark(SkillId::Shuangxiong);
    judged != 0 && judged != colour
}

/// 决斗 is used on one's own initiative.
fn usable(game: &Game, owner: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play && game.turn.seat == owner && game.turn.mark(SkillId::Shuangxiong) != 0
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::Phase;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{seat, table, with_pack, Check};

    /// 颜良文丑 at the start of his draw phase, the judgment card on top.
    fn yanliang(top: CardSpec, hand: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).general = GeneralId::Yanliangwenchou;
        seat(&mut s, 0).hand = hand;
        s.phase = Phase::Draw;
        s.draw_pile_top = vec![top, CardSpec::kind(Peach), CardSpec::kind(Peach)];
        Check::new(s)
    }

    #[test]
    fn w_shuangxiong_2_judges_instead_of_drawing_and_obtains_the_card() {
        let mut c = yanliang(CardSpec::exact(Peach, Suit::Heart, 3), Vec::new());
        c.skill(0, SkillId::Shuangxiong);
        // The judgment card and nothing drawn.
        assert_eq!(c.hand(0), vec![Peach]);
        assert!(c.prompt(0).is_play());
    }

    #[test]
    fn w_shuangxiong_2_declining_draws_as_usual() {
        let mut c = yanliang(CardSpec::exact(Peach, Suit::Heart, 3), Vec::new());
        c.pass(0);
        assert_eq!(c.hand(0).len(), 2);
    }

    #[test]
    fn w_shuangxiong_1_only_cards_of_the_other_colour_become_duels() {
        let hand = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::exact(Peach, Suit::Heart, 4),
        ];
        let mut c = yanliang(CardSpec::exact(Jink, Suit::Diamond, 3), hand);
        c.skill(0, SkillId::Shuangxiong);
        let duels = |c: &Check| {
            c.prompt(0)
                .legal_actions(256)
                .into_iter()
                .filter_map(|a| match a {
                    crate::action::Action::Card {
                        cards,
                        skill: Some(SkillId::Shuangxiong),
                        ..
                    } => Some(c.game.card(cards[0]).kind),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        // Red judgment: the black 杀 may be a 决斗, the red cards not.
        assert_eq!(duels(&c), vec![Slash]);
        // Any number of times this turn.
        let action = c
            .find(0, |cards, skill, _| {
                skill == Some(SkillId::Shuangxiong) && c.game.card(cards[0]).kind == Slash
            })
            .unwrap();
        c.act(0, action).pass_windows();
        c.pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
