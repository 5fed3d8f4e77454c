import type { User } from "@contract/auth";
import type { ProfilePictureRequest, UploadUrlResponse } from "@contract/profile";
import { ApiError, apiRequest, messageInBody } from "@/lib/api";

/** POST /api/objects/upload: a signed URL for one file, valid for ten minutes. */
export async function requestUploadUrl(): Promise<string> {
  const response = await apiRequest("POST", "/api/objects/upload");
  const { uploadURL } = (await response.json()) as UploadUrlResponse;
  if (!uploadURL) throw new ApiError(500, "Failed to get upload URL");
  return uploadURL;
}

/** PUT /api/profile-picture: the uploaded file becomes the picture; answers the updated user. */
export async function saveProfilePicture(profilePictureURL: string): Promise<User> {
  const body: ProfilePictureRequest = { profilePictureURL };
  const response = await apiRequest("PUT", "/api/profile-picture", body);
  return (await response.json()) as User;
}

/**
 * The message in an upload error's body: our API's JSON `{ message }` or an S3 service's XML
 * `<Message>`; otherwise one that says what happened.
 */
export function uploadErrorMessage(status: number, body: string): string {
  const said = messageInBody(body);
  if (said) return said;
  if (status === 401) return "Authorization required";
  if (status === 413) return "The file is larger than 5MB. Please choose a smaller picture.";
  return `Upload failed (${status}). Please try again.`;
}

export interface UploadOptions {
  /** 0-100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the file as the whole body of one PUT (not multipart), reporting progress through
 * XMLHttpRequest's upload events, which fetch() does not offer.
 */
export function uploadFile(url: string, file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(new ApiError(xhr.status, uploadErrorMessage(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload failed. Please check your connection and try again."));
    xhr.ontimeout = () => reject(new ApiError(0, "The upload took too long. Please try again."));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
