import { describe, expect, it } from 'vitest';
import { analysePhotoAhead, makeAnalysisImage } from './analysis-image.ts';
import { renderCameraRoom } from './testing/camera-room.ts';

function room() {
  const scene = renderCameraRoom({
    width: 1600,
    height: 1200,
    focalPerLongSide: 0.72,
    pitchDegrees: 14,
    yawDegrees: 0,
    cameraHeight: 1.4,
    room: { left: -2.2, right: 2.4, far: 7, ceiling: 2.5 },
    floor: 'plain',
    seed: 5,
  });
  return { photo: { pixels: scene.rgb, width: 1600, height: 1200 }, floor: { width: 1600, height: 1200, mask: scene.floorMask } };
}

describe('the analysis image', () => {
  it('is the same whether its photo half was started ahead, while the network ran, or made with the floor', async () => {
    const { photo, floor } = room();
    const made = await makeAnalysisImage(photo, floor);
    const startedAhead = await analysePhotoAhead(photo);
    const ahead = await makeAnalysisImage(photo, floor);
    expect(ahead.gray).toBe(startedAhead.gray);
    expect(ahead.width).toBe(768);
    expect({ ...ahead, rgb: Array.from(ahead.rgb), gray: Array.from(ahead.gray), floor: Array.from(ahead.floor) }).toEqual({
      ...made,
      rgb: Array.from(made.rgb),
      gray: Array.from(made.gray),
      floor: Array.from(made.floor),
    });
  });

  it('gives the photo half started ahead to one caller only: a second one gets arrays of its own', async () => {
    const { photo, floor } = room();
    const startedAhead = await analysePhotoAhead(photo);
    const first = await makeAnalysisImage(photo, floor);
    const second = await makeAnalysisImage(photo, floor);
    expect(first.gray).toBe(startedAhead.gray);
    expect(second.gray).not.toBe(first.gray);
    expect(Array.from(second.gray)).toEqual(Array.from(first.gray));
  });

  it('finds the photo’s lines itself when the thread asked for them fails: the same analysis image', async () => {
    const { photo, floor } = room();
    const made = await makeAnalysisImage(photo, floor);
    let asked!: () => void;
    const linesAsked = new Promise<void>((resolve) => (asked = resolve));
    void analysePhotoAhead(photo, () => {
      asked();
      return Promise.reject(new Error("The network's thread stopped"));
    });
    await linesAsked;
    const ahead = await makeAnalysisImage(photo, floor);
    expect(ahead.photoLines!.length).toBeGreaterThan(5);
    expect(ahead.photoLines).toEqual(made.photoLines);
  });

  it('takes back lines asked elsewhere that no thread has begun when the floor comes, and finds them itself', async () => {
    const { photo, floor } = room();
    const made = await makeAnalysisImage(photo, floor);
    let takenBack = false;
    let asked!: () => void;
    const linesAsked = new Promise<void>((resolve) => (asked = resolve));
    // A thread busy with other runs: it answers only by giving the lines back.
    void analysePhotoAhead(photo, (_gray, _width, _height, takeBack) => {
      asked();
      return new Promise((_resolve, reject) =>
        takeBack.addEventListener('abort', () => {
          takenBack = true;
          reject(new Error('Taken back'));
        }),
      );
    });
    // Asked for once the small copy is made, before the floor comes.
    await linesAsked;
    const ahead = await makeAnalysisImage(photo, floor);
    expect(takenBack).toBe(true);
    expect(ahead.photoLines).toEqual(made.photoLines);
  });
});
