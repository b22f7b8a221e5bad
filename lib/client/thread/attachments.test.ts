import { describe, expect, it } from "vitest";
import { ERROR_SENTENCES } from "@/lib/api/errors";
import { outgoingAttachment } from "@/lib/api/messages";
import { base64Bytes } from "@/lib/api/message-rules";
import {
  base64Of,
  chosenFilesProblem,
  chosenFromOutgoing,
  fileNameOf,
  mediaTypeOf,
  outgoingOf,
  problemNames,
  problemSentence,
  readChosenFiles,
  type ChosenFile,
} from "./attachments";

const MB = 1024 * 1024;
const instagram = { maxCount: 2, maxBytes: 5 * MB, mimeTypes: ["image/png", "image/jpeg", "video/mp4"] };
const ids = () => {
  let n = 0;
  return () => `f${++n}`;
};
const chosen = (fileName: string, mimeType = "image/png", size = 10): ChosenFile => ({ id: fileName, fileName, mimeType, size, data: "AAAA" });

describe("reading chosen files", () => {
  it("reads each file's bytes into the base64 the send body takes, with its name, type and size", async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71, 0, 255])], "pixel.png", { type: "image/png" });
    const text = new File(["Opening hours: 9 to 5"], "hours.txt", { type: "text/plain;charset=utf-8" });
    const [a, b] = await readChosenFiles([png, text], instagram, ids());
    expect(a).toEqual({ id: "f1", fileName: "pixel.png", mimeType: "image/png", size: 6, data: Buffer.from([137, 80, 78, 71, 0, 255]).toString("base64") });
    expect(b).toMatchObject({ id: "f2", fileName: "hours.txt", mimeType: "text/plain", size: 21 });
    expect(Buffer.from(b!.data!, "base64").toString()).toBe("Opening hours: 9 to 5");
    for (const file of outgoingOf([a!, b!])!) expect(outgoingAttachment.safeParse(file).success).toBe(true);
  });

  it("never reads a file larger than the platform takes: it is kept by name and size, and cannot go", async () => {
    const big = new File([new Uint8Array(2048)], "big.png", { type: "image/png" });
    const [file] = await readChosenFiles([big], { ...instagram, maxBytes: 1024 }, ids());
    expect(file).toMatchObject({ fileName: "big.png", size: 2048, data: null });
    expect(outgoingOf([file!])).toBeNull();
  });

  it("encodes large files in slices, exactly as Buffer does", () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7) % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(base64Of(new Uint8Array())).toBe("");
  });

  it("names types and files as the send body takes them", () => {
    expect(mediaTypeOf("")).toBe("application/octet-stream");
    expect(mediaTypeOf("Image/PNG")).toBe("image/png");
    expect(mediaTypeOf("not a type")).toBe("application/octet-stream");
    expect(fileNameOf("  ")).toBe("file");
    const long = fileNameOf(`${"a".repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("checking chosen files against the platform's limits", () => {
  it("says nothing of no files or files within the limits, and lets any file go where the platform gives no limits", () => {
    expect(chosenFilesProblem(instagram, [])).toBeNull();
    expect(chosenFilesProblem(instagram, [chosen("a.png"), chosen("b.mp4", "video/mp4")])).toBeNull();
    expect(chosenFilesProblem(null, [chosen("notes.txt", "text/plain")])).toBeNull();
  });

  it("finds too many, then the wrong type, then too big, each in a plain sentence naming the file and the limit", () => {
    const many = chosenFilesProblem(instagram, [chosen("a.png"), chosen("b.png"), chosen("c.png")])!;
    expect(problemSentence(many, "Instagram")).toBe(`${ERROR_SENTENCES.tooManyAttachments} Instagram takes up to 2 at a time.`);

    const type = chosenFilesProblem(instagram, [chosen("notes.txt", "text/plain")])!;
    expect(problemSentence(type, "Instagram")).toBe(`${ERROR_SENTENCES.attachmentTypeNotAllowed} “notes.txt” can't be sent: Instagram takes PNG, JPEG and MP4 video files.`);
    expect(problemSentence(chosenFilesProblem({ ...instagram, mimeTypes: ["image/*"] }, [chosen("a.pdf", "application/pdf")])!, null)).toMatch(/This platform takes any image files\.$/);

    const big = chosenFilesProblem(instagram, [chosen("big.png", "image/png", 6.5 * MB)])!;
    expect(problemSentence(big, "Instagram")).toBe(`${ERROR_SENTENCES.attachmentTooLarge} “big.png” is 6.5 MB; Instagram takes up to 5.0 MB a file.`);
    expect(problemNames(big, { fileName: "big.png" })).toBe(true);
    expect(problemNames(big, { fileName: "a.png" })).toBe(false);
    expect(problemNames(many, { fileName: "a.png" })).toBe(false);
  });
});

describe("files handed back by a failed send", () => {
  it("are chosen again with their sizes", () => {
    const data = Buffer.from("hello").toString("base64");
    expect(chosenFromOutgoing([{ fileName: "a.txt", mimeType: "text/plain", data }], ids())).toEqual([{ id: "f1", fileName: "a.txt", mimeType: "text/plain", size: base64Bytes(data), data }]);
  });
});
